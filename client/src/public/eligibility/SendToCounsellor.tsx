import { useState, type JSX } from 'react';
import {
  ELIGIBILITY_TOOL_LABELS,
  scoreSummary,
  type EligibilityAttachment,
} from '../../../../shared/eligibility/attachment.js';
import type { EligibilityResult } from '../../../../shared/eligibility/result.js';
import { EnquiryForm } from '../forms/EnquiryForm.js';
import ui from '../ui/ui.module.css';
import classes from './send-to-counsellor.module.css';

/**
 * "Send this to a counsellor": the enquiry form, opened under a checker's result with the subject and message
 * filled in and the answers attached. Nothing is sent or stored until the visitor sends the form.
 */
export function SendToCounsellor({
  attachment,
  result,
}: {
  /** Null until every question is answered. */
  attachment: EligibilityAttachment | null;
  result: EligibilityResult;
}): JSX.Element {
  const [open, setOpen] = useState(false);
  const summary = scoreSummary({ tool: result.tool, result });
  return (
    <section className={classes.send} aria-labelledby="send-to-counsellor">
      <h3 id="send-to-counsellor" className={classes.title}>
        Talk it through with a counsellor
      </h3>
      <p>
        Send your answers and your estimate ({result.total} points) with a message: a counsellor checks them and tells
        you which visa options fit. Your answers are only kept if you send them.
      </p>
      {open && attachment ? (
        <EnquiryForm
          eligibility={attachment}
          prefill={{
            subject: `My ${ELIGIBILITY_TOOL_LABELS[result.tool]} estimate: ${result.total} points`,
            interested_service: 'VISA_AND_MIGRATION',
            message: `${summary}. Could a counsellor check my answers and tell me my options?`,
          }}
        />
      ) : (
        <>
          <button
            type="button"
            className={ui.button}
            onClick={() => setOpen(true)}
            disabled={!attachment}
            aria-describedby={attachment ? undefined : 'send-to-counsellor-hint'}
          >
            Send this to a counsellor
          </button>
          {attachment ? null : (
            <p id="send-to-counsellor-hint" className={classes.hint}>
              Answer every question above to send your result.
            </p>
          )}
        </>
      )}
    </section>
  );
}
