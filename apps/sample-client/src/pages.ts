import type { SignedInUser } from './exchange.js';
import { html, layout } from './html.js';

/** What each failure means for the person running this application (never a secret). */
const HINTS: Record<string, string> = {
  code_invalid:
    'The sign-in code was unknown, expired (60 seconds), already used or issued for another company. Sign in again.',
  client_unauthorized: 'Portico did not accept CLIENT_ID and CLIENT_SECRET: check both settings.',
  incomplete_param: 'The exchange request was malformed.',
  rate_limit_exceeded: 'Too many exchanges from this server: wait and sign in again.',
  unreachable: 'Portico did not answer: check PORTICO_API_URL (or PORTICO_URL).',
  unexpected_answer: 'Portico answered something that is not an exchange answer.',
  missing_parameters: 'The callback needs both code and com in its query.',
};

export function homePage(signInUrl: string): string {
  return layout(
    'Sample client',
    html`<main>
      <h1>Sample client</h1>
      <p>
        This application signs its users in with Portico. It never sees a password: Portico sends
        the browser back here with a one-time code, which this server exchanges for who signed in.
      </p>
      <p><a class="button" href="${signInUrl}">Sign in with Portico</a></p>
    </main>`,
  );
}

/** The OpenID Connect mode's home page: the sign-in starts here, at /login. */
export function oidcHomePage(): string {
  return layout(
    'Sample client',
    html`<main>
      <h1>Sample client</h1>
      <p>
        This application signs its users in with Portico through OpenID Connect. It never sees a
        password: it receives an ID token with who signed in and for which company.
      </p>
      <p><a class="button" href="/login">Sign in with Portico</a></p>
    </main>`,
  );
}

export function signedInPage(answer: SignedInUser, signInUrl: string): string {
  const { user, company, roles } = answer;
  const fullName = [user.fname, user.lname].filter(Boolean).join(' ');
  return layout(
    'Signed in',
    html`<main>
      <h1>Signed in</h1>
      <dl aria-label="Who signed in">
        <dt>Display name</dt>
        <dd data-field="dis">${user.dis}</dd>
        ${
          fullName
            ? html`<dt>Name</dt>
                <dd data-field="name">${fullName}</dd>`
            : ''
        }
        <dt>Username</dt>
        <dd data-field="username">${user.username}</dd>
        <dt>E-mail</dt>
        <dd data-field="email">${user.email}</dd>
        <dt>User id</dt>
        <dd data-field="user-id">${user.id}</dd>
      </dl>
      <h2>Company</h2>
      <dl aria-label="Company">
        <dt>Company</dt>
        <dd data-field="company">${company.name}</dd>
        <dt>Company id</dt>
        <dd data-field="company-id">${company.id}</dd>
      </dl>
      <h2>Roles</h2>
      ${
        roles.length > 0
          ? html`<ul aria-label="Roles">
              ${roles.map((role) => html`<li>${role}</li>`)}
            </ul>`
          : html`<p>No role in this application in ${company.name}.</p>`
      }
      <p><a href="${signInUrl}">Sign in again</a></p>
    </main>`,
  );
}

export function failurePage(code: string, status: number, signInUrl: string): string {
  return layout(
    'Sign-in failed',
    html`<main>
      <h1>Sign-in failed</h1>
      <p>
        Portico answered
        <code data-field="code">${code}</code>${status > 0 ? html` (HTTP ${status})` : ''}.
      </p>
      ${HINTS[code] ? html`<p>${HINTS[code]}</p>` : ''}
      <p><a href="${signInUrl}">Sign in with Portico</a></p>
    </main>`,
  );
}

export function notFoundPage(): string {
  return layout(
    'Not found',
    html`<main>
      <h1>Not found</h1>
      <p><a href="/">Home</a></p>
    </main>`,
  );
}
