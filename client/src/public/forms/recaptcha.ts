/** The part of Google's `grecaptcha` global the checkbox widget uses. */
export interface Grecaptcha {
  render(
    container: HTMLElement,
    parameters: {
      sitekey: string;
      callback: (token: string) => void;
      'expired-callback': () => void;
      'error-callback': () => void;
    },
  ): number;
  reset(widgetId?: number): void;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
    __onRecaptchaLoad?: () => void;
  }
}

const SCRIPT_URL = 'https://www.google.com/recaptcha/api.js?onload=__onRecaptchaLoad&render=explicit';

let loading: Promise<Grecaptcha> | undefined;

/**
 * Loads Google's script once, and only when a form with reCAPTCHA is shown (never on sites using ALTCHA).
 * A failed load is forgotten, so the next widget tries again.
 */
export function loadRecaptcha(): Promise<Grecaptcha> {
  loading ??= new Promise<Grecaptcha>((resolve, reject) => {
    window.__onRecaptchaLoad = () =>
      window.grecaptcha ? resolve(window.grecaptcha) : reject(new Error('no grecaptcha'));
    const script = document.createElement('script');
    script.src = SCRIPT_URL;
    script.async = true;
    script.defer = true;
    script.addEventListener('error', () => {
      script.remove();
      loading = undefined;
      reject(new Error('The reCAPTCHA script could not be loaded'));
    });
    document.head.append(script);
  });
  return loading;
}
