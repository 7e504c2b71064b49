/**
 * `npm run bench:mail`: how soon a burst of enquiries' mails reaches a real SMTP server (decision 061). The built app
 * on PGlite in a fresh DATA_DIR, with SMTP_URL set to a server in this process; 500 enquiries (each a notification
 * to the branch and a confirmation to the visitor: 1,000 mails) are posted, and the clock runs from the first post
 * until the server has the 1,000th mail. Every mail must arrive once. The send rate is the app's default unless
 * MAIL_SEND_RATE is set here; the figure is quoted beside the time that rate allows, its floor.
 */
import { freePort, newDataDir, startApp } from '../../e2e/support/app.js';
import { captchaToken, CONTACT_US, enquiry, graphql, visitorAddress } from '../reliability/support/client.js';
import { DEFAULT_MAIL_SEND_RATE } from '../src/mail/mail.service.js';
import { startSmtpServer } from '../test/smtp.js';

const ENQUIRIES = 500;
const MAILS = ENQUIRIES * 2;
/** The target on this machine kind. */
const TARGET_SECONDS = 60;

const smtp = await startSmtpServer(await freePort());
const data = newDataDir();
const sendRate = Number(process.env.MAIL_SEND_RATE ?? DEFAULT_MAIL_SEND_RATE);
const app = await startApp(data.dir, {
  SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
  MAIL_SEND_RATE: String(sendRate),
  SESSION_SECRET: 'bench-session-secret-0123456789abcdefghij',
  LOG_LEVEL: 'warn',
});
try {
  console.log(`Preparing ${ENQUIRIES} enquiries (captcha solutions)…`);
  const prepared = await Promise.all(
    Array.from({ length: ENQUIRIES }, async (_, index) => {
      const from = visitorAddress();
      return { from, input: { ...enquiry(`mail ${index}`), reCaptcha_token: await captchaToken(app.url, from) } };
    }),
  );
  const started = performance.now();
  let next = 0;
  const post = async () => {
    while (next < prepared.length) {
      const { from, input } = prepared[next++]!;
      const response = await graphql(app.url, CONTACT_US, { input }, from);
      if (!response.ok) throw new Error(`An enquiry answered ${response.status}`);
    }
  };
  await Promise.all(Array.from({ length: 20 }, post));
  const posted = (performance.now() - started) / 1000;
  const deadline = Date.now() + 300_000;
  while (smtp.received.length < MAILS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  const seconds = (performance.now() - started) / 1000;
  const ids = new Set(smtp.received.map((mail) => /^Message-ID: (\S+)/im.exec(mail.raw)?.[1]));
  const floor = MAILS / sendRate;
  console.log(
    [
      `${ENQUIRIES} enquiries posted in ${posted.toFixed(1)} s`,
      `${smtp.received.length} of ${MAILS} mails at the SMTP server in ${seconds.toFixed(1)} s ` +
        `(${(smtp.received.length / seconds).toFixed(1)} a second; MAIL_SEND_RATE ${sendRate} allows ` +
        `${floor.toFixed(0)} s at the soonest: ${(seconds / floor).toFixed(2)} × that floor)`,
      `${ids.size} distinct Message-IDs; SMTP connections opened: ${smtp.connections.opened}, ` +
        `at most ${smtp.connections.most} at once`,
      `target: ${MAILS} within ${TARGET_SECONDS} s, none twice: ` +
        (smtp.received.length === MAILS && ids.size === MAILS && seconds <= TARGET_SECONDS ? 'met' : 'NOT MET'),
    ].join('\n'),
  );
} finally {
  await app.stop();
  await smtp.close();
  data.remove();
}
