/** Saves bytes as a file in the browser (and the app's renderer): the CSV export, the example sheet. */
export const downloadBlob = (blob: Blob, name: string): void => {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
};

/** Saves text as a file (a CSV export by default). */
export const downloadText = (text: string, name: string, type = 'text/csv;charset=utf-8'): void => downloadBlob(new Blob([text], { type }), name);
