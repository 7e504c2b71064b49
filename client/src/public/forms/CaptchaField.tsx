import { Checkbox, Group, Input, Loader, Paper, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { CAPTCHA_CONFIG_PATH, type CaptchaConfig } from '../../../../shared/captcha.js';
import { SUCCESS_GREEN } from '../../theme.js';
import { verifyWithAltcha } from './altcha.js';
import { loadRecaptcha } from './recaptcha.js';

export interface CaptchaFieldProps {
  /** A solution to send as `reCaptcha_token`, or '' once there is none any more (unticked, expired). */
  onToken: (token: string) => void;
  /** The widget failed: the form shows "Something went wrong" (spec §4). */
  onError: () => void;
  /** The form's message for the field (spec §5 "*Please confirm it"). */
  error?: ReactNode;
}

const WIDGET_FAILED = 'The verification failed. Please try again.';
const CONFIG_FAILED = 'The verification could not be loaded. Please reload the page.';
/** Drop a solution this long before the server stops accepting it, so a slow submission still gets through. */
const EXPIRY_MARGIN_MS = 30_000;

async function fetchCaptchaConfig({ signal }: { signal: AbortSignal }): Promise<CaptchaConfig> {
  const response = await fetch(CAPTCHA_CONFIG_PATH, { signal, cache: 'no-store' });
  if (!response.ok) throw new Error(`Captcha configuration: HTTP ${response.status}`);
  return (await response.json()) as CaptchaConfig;
}

/**
 * The captcha of the public forms (spec §2): the built-in ALTCHA proof of work, or Google reCAPTCHA when the site
 * is configured for it (GET /api/captcha/config). Renders on the server as a disabled checkbox; nothing is fetched
 * or loaded until it runs in the browser. To start over (after a submission), give it a new `key`.
 */
export function CaptchaField(props: CaptchaFieldProps) {
  const config = useQuery({
    queryKey: ['captcha', 'config'],
    queryFn: fetchCaptchaConfig,
    staleTime: Infinity,
    gcTime: Infinity,
  });
  const reportError = useEffectEvent(() => props.onError());
  useEffect(() => {
    if (config.isError) reportError();
  }, [config.isError]);

  if (config.data?.kind === 'recaptcha') return <RecaptchaWidget siteKey={config.data.siteKey} {...props} />;
  if (config.data?.kind === 'altcha') return <AltchaWidget challengeUrl={config.data.challengeUrl} {...props} />;
  return <AltchaFrame checked={false} disabled error={props.error ?? (config.isError ? CONFIG_FAILED : undefined)} />;
}

type AltchaState = 'idle' | 'verifying' | 'verified' | 'failed';

/** Ticking the box fetches a challenge and solves it; the token goes to the form once solved. */
function AltchaWidget({ challengeUrl, onToken, onError, error }: CaptchaFieldProps & { challengeUrl: string }) {
  const [state, setState] = useState<AltchaState>('idle');
  const running = useRef<AbortController | null>(null);
  const expiry = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(
    () => () => {
      running.current?.abort();
      clearTimeout(expiry.current);
    },
    [],
  );

  const verify = () => {
    const controller = new AbortController();
    running.current = controller;
    setState('verifying');
    verifyWithAltcha(challengeUrl, controller.signal).then(
      ({ token, expiresAt }) => {
        if (controller.signal.aborted) return;
        setState('verified');
        onToken(token);
        if (expiresAt !== null) {
          expiry.current = setTimeout(
            () => {
              setState('idle');
              onToken('');
            },
            Math.max(0, expiresAt - Date.now() - EXPIRY_MARGIN_MS),
          );
        }
      },
      () => {
        if (controller.signal.aborted) return;
        setState('failed');
        onToken('');
        onError();
      },
    );
  };

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    if (event.currentTarget.checked) {
      verify();
      return;
    }
    clearTimeout(expiry.current);
    setState('idle');
    onToken('');
  };

  return (
    <AltchaFrame
      checked={state === 'verifying' || state === 'verified'}
      disabled={state === 'verifying'}
      onChange={onChange}
      state={state}
      error={error ?? (state === 'failed' ? WIDGET_FAILED : undefined)}
    />
  );
}

function AltchaFrame({
  checked,
  disabled,
  onChange,
  state = 'idle',
  error,
}: {
  checked: boolean;
  disabled: boolean;
  onChange?: (event: ChangeEvent<HTMLInputElement>) => void;
  state?: AltchaState;
  error?: ReactNode;
}) {
  return (
    <Paper withBorder p="sm" maw={360} data-testid="captcha">
      <Group justify="space-between" gap="sm" wrap="nowrap">
        <Checkbox
          label="I'm not a robot"
          checked={checked}
          disabled={disabled}
          onChange={onChange ?? (() => undefined)}
          error={error}
          aria-invalid={Boolean(error)}
        />
        {/* Announced as it changes, without taking focus from the checkbox. */}
        <Group gap={6} aria-live="polite" wrap="nowrap">
          {state === 'verifying' ? (
            <>
              <Loader size="xs" aria-hidden />
              <Text size="sm">Verifying…</Text>
            </>
          ) : null}
          {state === 'verified' ? (
            <>
              <IconCircleCheck size={18} color={SUCCESS_GREEN} aria-hidden />
              <Text size="sm" c={SUCCESS_GREEN}>
                Verified
              </Text>
            </>
          ) : null}
        </Group>
      </Group>
    </Paper>
  );
}

/** Google's checkbox, loaded only on sites configured for it and only once a form is shown. */
function RecaptchaWidget({ siteKey, onToken, onError, error }: CaptchaFieldProps & { siteKey: string }) {
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const solved = useEffectEvent((token: string) => {
    setFailed(false);
    onToken(token);
  });
  const fail = useEffectEvent(() => {
    setFailed(true);
    onToken('');
    onError();
  });

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let cancelled = false;
    loadRecaptcha().then(
      (grecaptcha) => {
        if (cancelled) return;
        // A fresh element per render: grecaptcha refuses to render twice into one (StrictMode re-runs effects).
        const target = document.createElement('div');
        element.replaceChildren(target);
        grecaptcha.render(target, {
          sitekey: siteKey,
          callback: (token) => solved(token),
          'expired-callback': () => solved(''),
          'error-callback': () => fail(),
        });
      },
      () => {
        if (!cancelled) fail();
      },
    );
    return () => {
      cancelled = true;
      element.replaceChildren();
    };
  }, [siteKey]);

  return (
    <Input.Wrapper label="Verification" labelElement="div" error={error ?? (failed ? WIDGET_FAILED : undefined)}>
      <div ref={container} style={{ minHeight: 78 }} />
    </Input.Wrapper>
  );
}
