// 32×32 PNG (a speech bubble) inlined so the packaged app needs no extra resource files.
export const TRAY_ICON_DATA_URL =
  'data:image/png;base64,' +
  'iVBORw0KGgoAAAANSUhEUgAAACAAAAAgCAYAAABzenr0AAAAbklEQVR42u2XORIAEBAE/cBPhb5PLsCe49itkki6E3YmpRji5Fra7MDAZiJUsKqIFC6S0IKzJLThZAmogBV8WwIqYA1fShwpMA73PgTuFfjrFcRPGNvw2UACjWOwPKiaht2LiUvT2RGA9r9vym4HeTmjfeN80mkAAAAASUVORK5CYII=';
