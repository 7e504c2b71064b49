import { PRODUCT_NAME } from '../../../shared/brand.js';

import { escapeHtml } from '../http/escape-html.js';

/**
 * The provider's pages are plain server-rendered HTML (no client bundle) styled like the product: they must work
 * before any JavaScript and must not load anything from elsewhere.
 */
export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<title>${escapeHtml(title)} · ${escapeHtml(PRODUCT_NAME)}</title>
<style>
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;background:#f1f3f5;color:#212529}
main{max-width:420px;margin:8vh auto;padding:0 16px}
.card{background:#fff;border:1px solid #dee2e6;border-radius:8px;padding:32px 28px;box-shadow:0 1px 3px rgba(0,0,0,.06)}
.brand{font-weight:700;color:#0b5c86;margin:0 0 4px}
h1{font-size:1.5rem;margin:0 0 24px}
label{display:block;font-weight:500;font-size:.9rem;margin:16px 0 6px}
input{width:100%;font:inherit;padding:10px 12px;border:1px solid #adb5bd;border-radius:4px}
input:focus{outline:2px solid #0b5c86;outline-offset:1px;border-color:#0b5c86}
button{margin-top:24px;width:100%;font:inherit;font-weight:600;padding:11px;border:0;border-radius:4px;background:#0b5c86;color:#fff;cursor:pointer}
button:hover{background:#094a6c}
.error{background:#fff5f5;border:1px solid #ffa8a8;color:#c92a2a;border-radius:4px;padding:10px 12px;margin:0 0 8px}
p{line-height:1.5}
a{color:#0b5c86}
</style>
</head>
<body><main><div class="card"><p class="brand">${escapeHtml(PRODUCT_NAME)}</p>${body}</div></main></body>
</html>`;
}

export function loginPage(options: { action: string; email?: string; error?: string }): string {
  return page(
    'Staff sign-in',
    `<h1>Staff sign-in</h1>
${options.error ? `<p class="error" role="alert">${escapeHtml(options.error)}</p>` : ''}
<form method="post" action="${escapeHtml(options.action)}" novalidate>
<label for="email">E-mail</label>
<input id="email" name="email" type="email" autocomplete="username" required autofocus value="${escapeHtml(options.email ?? '')}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button>
</form>`,
  );
}

export function messagePage(title: string, text: string): string {
  return page(title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p><p><a href="/">Go to the website</a></p>`);
}

/** Asks before signing out: reached by a plain GET (a link opened in a new tab, or from elsewhere), which never signs out by itself. */
export function signOutPage(action: string): string {
  return page(
    'Sign out',
    `<h1>Sign out?</h1><p>You are about to sign out of the staff area on this device.</p>
<form method="post" action="${escapeHtml(action)}"><button type="submit">Sign out</button></form>
<p><a href="/admin">Back to the staff area</a></p>`,
  );
}
