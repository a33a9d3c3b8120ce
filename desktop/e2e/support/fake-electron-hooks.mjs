// A module resolution hook for the Playwright worker (node:module `register`): the Electron main
// process's modules import Electron only through `desktop/src/main/electron-api.ts`; here that
// import resolves to `electron-api-fake.ts`, which hands out the fake electron module the
// main-process unit tests use (desktop/src/main/test/fake-electron.ts). Nothing else changes.
let mainDirUrl = '';
let fakeUrl = '';

export function initialize(data) {
  mainDirUrl = data.mainDirUrl;
  fakeUrl = data.fakeUrl;
}

export async function resolve(specifier, context, next) {
  if (/(^|\/)electron-api(\.js|\.ts)?$/.test(specifier) && context.parentURL?.startsWith(mainDirUrl)) {
    return { url: fakeUrl, shortCircuit: true };
  }
  return next(specifier, context);
}
