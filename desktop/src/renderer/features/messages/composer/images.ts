/** Attendance §4 Media / §9: pictures are re-encoded at quality 0.7 before upload. */
export const IMAGE_QUALITY = 0.7;

/**
 * Which pictures are re-encoded to JPEG: only those JPEG loses nothing of. PNG and WebP may be
 * transparent (a logo, a sticker), GIF may move: they go as they are (decision 0068).
 */
export const shouldReencode = (file: File): boolean => file.type === 'image/jpeg' || file.type === 'image/bmp';

const jpegName = (name: string) => `${name.replace(/\.[^.]+$/, '') || 'imagem'}.jpg`;

/**
 * The picture drawn on a canvas and re-encoded at quality 0.7. The original is kept when the
 * browser cannot decode it or the result is not smaller (an already small JPEG).
 */
export const compressImage = async (file: File): Promise<File> => {
  if (!shouldReencode(file) || typeof createImageBitmap !== 'function') return file;
  try {
    const bitmap = await createImageBitmap(file);
    const canvas = document.createElement('canvas');
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    const ctx = canvas.getContext('2d');
    if (!ctx) return file;
    ctx.drawImage(bitmap, 0, 0);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', IMAGE_QUALITY));
    if (!blob || blob.size >= file.size) return file;
    return new File([blob], jpegName(file.name), { type: 'image/jpeg', lastModified: file.lastModified });
  } catch {
    return file;
  }
};
