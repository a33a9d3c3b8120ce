// 32×32 PNG (a speech bubble) inlined so the packaged app needs no extra resource files.
export const TRAY_ICON_DATA_URL =
  'data:image/png;base64,' +
  'iVBORw0KGgoAAAANSUhEUgAAACAAAAAgCAYAAABzenr0AAAAbklEQVR42u2XORIAEBAE/cBPhb5PLsCe49itkki6E3YmpRji5Fra7MDAZiJUsKqIFC6S0IKzJLThZAmogBV8WwIqYA1fShwpMA73PgTuFfjrFcRPGNvw2UACjWOwPKiaht2LiUvT2RGA9r9vym4HeTmjfeN80mkAAAAASUVORK5CYII=';

// 16×16 red dot for the Windows taskbar overlay while something waits (scripts/electron-icons.mjs --overlay).
export const OVERLAY_ICON_DATA_URL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAYAAAAf8/9hAAAAeElEQVR42q1T2w0AIQhjBEfwq9+O5Chu4mLd4UbwYuJd+NB7gCRNSKQ1FBCZBIFIIBMoAz2P8hYEAoFKoC3Q38KKnAgcD+QLvSbNfv5C1iJBC9Qf5LsdbVgzIspw2CqQZYzJKlC2CLhb8JnoHuOWRXKv8pZjsp7zCWzioaSaYFu2AAAAAElFTkSuQmCC';
