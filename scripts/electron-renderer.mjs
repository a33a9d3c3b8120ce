// The renderer build the desktop app opens from files (desktop/dist-app), shared by
// scripts/desktop.mjs and the packaging test.

/**
 * A baseline policy written into the app's index.html: no foreign or inline scripts, no
 * plugins, no frames, no <base> tricks — whatever happens at run time. Main adds the full
 * policy as a header (connect-src exactly the chosen server, desktop/src/main/security.ts); a
 * page obeys both. It names no connect-src, since the server is only known at run time.
 */
export const BASELINE_CSP = "script-src 'self'; object-src 'none'; frame-src 'none'; base-uri 'self'; form-action 'none'";

export function withBaselineCsp(html) {
  if (html.includes('http-equiv="Content-Security-Policy"')) return html;
  const meta = `<meta http-equiv="Content-Security-Policy" content="${BASELINE_CSP}" />`;
  if (!/<head>/i.test(html)) throw new Error('index.html has no <head>');
  return html.replace(/<head>/i, (head) => `${head}\n    ${meta}`);
}
