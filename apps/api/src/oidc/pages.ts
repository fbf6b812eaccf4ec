import type { KoaContextWithOIDC } from 'oidc-provider';

/**
 * The few pages the provider itself shows (its defaults load web fonts from a third party and
 * print every error field): plain, self-contained HTML in the portal's words. Nothing a client
 * sent is printed except through escape().
 */

function escape(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function page(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;background:#f4f6f8;color:#1f2933}
main{max-width:26rem;margin:4rem auto;padding:2rem;background:#fff;border-radius:8px;box-shadow:0 1px 3px rgba(0,0,0,.15)}
h1{font-size:1.4rem;margin-top:0}
button{font:inherit;padding:.6rem 1rem;margin:.5rem .5rem 0 0;border-radius:6px;border:1px solid #1d4ed8;cursor:pointer}
button[value=yes]{background:#1d4ed8;color:#fff}
button:not([value=yes]){background:#fff;color:#1d4ed8}
</style>
</head>
<body><main>${body}</main></body>
</html>`;
}

/** RP-initiated logout: the provider's form (with its anti-forgery token) and two buttons. */
export async function logoutSource(ctx: KoaContextWithOIDC, form: string): Promise<void> {
  ctx.type = 'html';
  ctx.body = page(
    'Sign out',
    `<h1>Sign out of Portico?</h1>
<p>You will be signed out of every application you opened through Portico in this browser.</p>
${form}
<button autofocus type="submit" form="op.logoutForm" value="yes" name="logout">Sign out</button>
<button type="submit" form="op.logoutForm">Stay signed in</button>`,
  );
}

export async function postLogoutSuccessSource(ctx: KoaContextWithOIDC): Promise<void> {
  ctx.type = 'html';
  ctx.body = page('Signed out', '<h1>Signed out</h1><p>You have been signed out.</p>');
}

/** An error the provider cannot send back to the client (an unknown client or redirect). */
export async function renderError(
  ctx: KoaContextWithOIDC,
  out: { error: string; error_description?: string },
): Promise<void> {
  ctx.type = 'html';
  const description = out.error_description ? `<p>${escape(out.error_description)}</p>` : '';
  ctx.body = page(
    'Sign-in request refused',
    `<h1>Sign-in request refused</h1><p>${escape(out.error)}</p>${description}`,
  );
}
