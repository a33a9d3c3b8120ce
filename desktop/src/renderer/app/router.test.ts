import { describe, expect, it } from 'vitest';
import router from './router.tsx?raw';

/** The router is composed from the features' own route files (issue 27 §4). */
const routeFiles = import.meta.glob<string>(['../features/*/*.routes.tsx', '../features/*/*.public-routes.tsx'], { query: '?raw', import: 'default', eager: true });
const names = Object.keys(routeFiles).map((p) => p.replace(/^\.\.\/features\//, '').replace(/\.tsx$/, ''));

describe('app/router.tsx', () => {
  it("uses every feature's route file", () => {
    expect(names.length).toBeGreaterThan(20);
    expect(names.filter((f) => !router.includes(`'../features/${f}'`))).toEqual([]);
  });

  it("loads no feature page itself: only the shell's gate (billing's BillingGate)", () => {
    const pages = [...router.matchAll(/import\('\.\.\/features\/([^']+)'\)/g)].map((m) => m[1]);
    expect(pages).toEqual(['billing/BillingGate']);
  });

  it('keeps every page lazy: a route file imports no page module at its top', () => {
    const eager = Object.entries(routeFiles).flatMap(([file, text]) =>
      [...text.matchAll(/^import [^;]*from '(\.[^']*)';$/gm)].map((m) => m[1]!).filter((spec) => /Page$|Route$/.test(spec)).map((spec) => `${file}: ${spec}`),
    );
    expect(eager).toEqual([]);
  });
});
