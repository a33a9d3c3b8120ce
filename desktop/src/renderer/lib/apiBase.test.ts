// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { apiBaseUrl, setDesktopServer } from './apiBase';

describe('apiBaseUrl', () => {
  afterEach(() => setDesktopServer(null));

  it("is the page's own origin in the browser build (served by the server)", () => {
    expect(apiBaseUrl()).toBe(window.location.origin);
  });

  it("is the desktop app's chosen server once set (its page is a file)", () => {
    setDesktopServer('https://balcao.example.com/');
    expect(apiBaseUrl()).toBe('https://balcao.example.com');
    setDesktopServer(null);
    expect(apiBaseUrl()).toBe(window.location.origin);
  });
});
