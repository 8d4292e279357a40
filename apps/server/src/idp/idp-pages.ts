import type { Locale } from '../i18n/messages.ts';
import { demoAccounts, idpText } from './idp-text.ts';

/** Escapes text for HTML element content and attribute values. */
export const esc = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export const IDP_CSS = '/oidc/assets/sign-in.css';
export const IDP_LOGOUT_JS = '/oidc/assets/sign-out.js';

/** The page frame: our stylesheet, no inline script (the CSP forbids it). */
function layout(locale: Locale, body: string, extraHead = ''): string {
  const t = idpText[locale];
  return `<!doctype html>
<html lang="${locale === 'zh' ? 'zh-CN' : 'en'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${esc(t.title)}</title>
<link rel="stylesheet" href="${IDP_CSS}">
${extraHead}</head>
<body>
<main class="card">
<header><h1>${esc(t.heading)}</h1><p class="sub">${esc(t.subheading)}</p></header>
${body}
</main>
</body>
</html>`;
}

export interface SignInPageInput {
  locale: Locale;
  action: string;
  /** This page's URL without query, for the language and demo-account links. */
  selfUrl: string;
  username?: string;
  error?: string;
  showDemo: boolean;
}

/** The sign-in form: inputs `username` and `password`, a language link, and the demo accounts when seeded. */
export function signInPage(p: SignInPageInput): string {
  const t = idpText[p.locale];
  const other = p.locale === 'zh' ? 'en' : 'zh';
  const link = (q: Record<string, string>) => `${p.selfUrl}?${new URLSearchParams(q).toString()}`;
  const demo = p.showDemo
    ? `<section class="demo"><h2>${esc(t.demoHeading)}</h2><ul>${demoAccounts
        .map(
          (a) =>
            `<li><a href="${esc(link({ lang: p.locale, account: a.account }))}"><code>${a.account}</code> ${esc(a[p.locale])}</a></li>`,
        )
        .join('')}</ul></section>`
    : '';
  return layout(
    p.locale,
    `<nav class="lang"><a href="${esc(link({ lang: other }))}" lang="${other}">${esc(t.otherLanguage)}</a></nav>
${p.error ? `<p class="error" role="alert">${esc(p.error)}</p>` : ''}
<form method="post" action="${esc(p.action)}" autocomplete="on">
<input type="hidden" name="lang" value="${p.locale}">
<label>${esc(t.username)}<input name="username" autocomplete="username" required${p.username ? '' : ' autofocus'} value="${esc(p.username ?? '')}"></label>
<label>${esc(t.password)}<input name="password" type="password" autocomplete="current-password" required${p.username ? ' autofocus' : ''}></label>
<button type="submit">${esc(t.submit)}</button>
</form>
${demo}`,
  );
}

/** The sign-out confirmation; with an id_token_hint the small external script submits it at once. */
export function signOutPage(locale: Locale, form: string, autoSubmit: boolean): string {
  const t = idpText[locale];
  return layout(
    locale,
    `<h2>${esc(t.logoutHeading)}</h2><p>${esc(t.logoutQuestion)}</p>
${form}
<div class="actions"><button type="submit" form="op.logoutForm" name="logout" value="yes" autofocus>${esc(t.logoutYes)}</button>
<button type="submit" form="op.logoutForm" class="secondary">${esc(t.logoutNo)}</button></div>`,
    autoSubmit ? `<script src="${IDP_LOGOUT_JS}" defer></script>\n` : '',
  );
}

/** Shown after sign-out when the client gave no post-logout redirect. */
export function signedOutPage(locale: Locale, portalUrl: string): string {
  const t = idpText[locale];
  return layout(locale, `<p>${esc(t.loggedOut)}</p><p><a href="${esc(portalUrl)}">${esc(t.backToPortal)}</a></p>`);
}

/** An IdP error (bad request from a client): the code only, never internals. */
export function errorPage(locale: Locale, error: string, description: string | undefined, portalUrl: string): string {
  const t = idpText[locale];
  return layout(
    locale,
    `<h2>${esc(t.errorHeading)}</h2><p class="error"><code>${esc(error)}</code>${description ? ` ${esc(description)}` : ''}</p>
<p>${esc(t.errorHint)}</p><p><a href="${esc(portalUrl)}">${esc(t.backToPortal)}</a></p>`,
  );
}

/** The database cannot write (disk full or failing): a wait, not the user's fault; nothing about the cause. */
export function storageUnavailablePage(locale: Locale, portalUrl: string): string {
  const t = idpText[locale];
  return layout(
    locale,
    `<h2>${esc(t.errorHeading)}</h2><p class="error">${esc(t.storageUnavailable)}</p>
<p><a href="${esc(portalUrl)}">${esc(t.backToPortal)}</a></p>`,
  );
}
