import fastifyCookie from '@fastify/cookie';
import fastifySecureSession, { type Session } from '@fastify/secure-session';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../config.js';
import { deriveKey } from './secrets.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Short-lived state of a sign-in in progress (state, nonce, returnTo); the PKCE verifier has its own cookie. */
    signInFlow: Session;
  }
}

/** What the staff session cookie holds. Encrypted and authenticated; never readable by the browser. */
const staffSessionSchema = z.object({
  sub: z.string(),
  staffId: z.number(),
  email: z.string(),
  name: z.string(),
  picture: z.string().optional(),
  accessToken: z.string(),
  refreshToken: z.string().optional(),
  expiresAt: z.number(),
});
export type StaffSession = z.infer<typeof staffSessionSchema>;

const signInFlowSchema = z.object({
  state: z.string(),
  nonce: z.string(),
  returnTo: z.string(),
});
export type SignInFlow = z.infer<typeof signInFlowSchema>;

export const SESSION_MAX_AGE = 14 * 24 * 3600;
const SIGN_IN_MAX_AGE = 10 * 60;

/**
 * Stateless sessions: everything lives in encrypted cookies (keys derived from SESSION_SECRET), so any instance can
 * serve any request. `HttpOnly`, `SameSite=Lax`, `Secure` when the site is served over https.
 */
export async function registerSessions(app: FastifyInstance, config: Config): Promise<void> {
  const secure = isSecure(config);
  // The secret signs the OAuth client's sign-in cookies (the PKCE verifier and its copy of the state).
  await app.register(fastifyCookie, { secret: deriveKey(config.sessionSecret, 'signed-cookies') });
  await app.register(fastifySecureSession, [
    {
      sessionName: 'session',
      cookieName: secure ? '__Host-staff_session' : 'staff_session',
      key: deriveKey(config.sessionSecret, 'staff-session-cookie'),
      expiry: SESSION_MAX_AGE,
      cookie: { path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge: SESSION_MAX_AGE },
    },
    {
      sessionName: 'signInFlow',
      cookieName: 'staff_sign_in',
      key: deriveKey(config.sessionSecret, 'sign-in-flow-cookie'),
      expiry: SIGN_IN_MAX_AGE,
      cookie: { path: '/api/auth', httpOnly: true, sameSite: 'lax', secure, maxAge: SIGN_IN_MAX_AGE },
    },
  ]);
}

function isSecure(config: Config): boolean {
  return config.publicUrl.startsWith('https://');
}

/** The attributes of the OAuth client's cookies: those of the sign-in cookie, and signed. */
export function signInCookieOptions(config: Config) {
  return {
    path: '/api/auth',
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecure(config),
    maxAge: SIGN_IN_MAX_AGE,
    signed: true,
  } as const;
}

/** Writes every field of `values` (the plugin's typings only know keys declared by augmentation). */
function writeAll(session: Session, values: Record<string, unknown>): void {
  const writable = session as unknown as { set(key: string, value: unknown): void };
  for (const [key, value] of Object.entries(values)) writable.set(key, value);
}

export function readStaffSession(request: FastifyRequest): StaffSession | undefined {
  return staffSessionSchema.safeParse(request.session.data()).data;
}

/** Replaces whatever session the browser had: a sign-in never continues a session from before it. */
export function startStaffSession(request: FastifyRequest, session: StaffSession): void {
  request.session.regenerate();
  writeAll(request.session, session);
}

export function updateStaffSession(request: FastifyRequest, changes: Partial<StaffSession>): void {
  writeAll(request.session, changes);
}

export function endStaffSession(request: FastifyRequest): void {
  request.session.delete();
}

export function readSignInFlow(request: FastifyRequest): SignInFlow | undefined {
  return signInFlowSchema.safeParse(request.signInFlow.data()).data;
}

export function startSignInFlow(request: FastifyRequest, flow: SignInFlow): void {
  request.signInFlow.regenerate();
  writeAll(request.signInFlow, flow);
}
