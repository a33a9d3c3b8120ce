import { useCallback, useState } from 'react';

/** Attendance §9 local storage: `signOption`, default true. */
const KEY = 'signOption';

export const readSignOption = (): boolean => {
  try {
    const raw = localStorage.getItem(KEY);
    return raw === null ? true : JSON.parse(raw) !== false;
  } catch {
    return true;
  }
};

/** The sign switch, kept across reloads on this computer. */
export const useSignOption = (): [boolean, (on: boolean) => void] => {
  const [on, setOn] = useState(readSignOption);
  const set = useCallback((next: boolean) => {
    localStorage.setItem(KEY, JSON.stringify(next));
    setOn(next);
  }, []);
  return [on, set];
};
