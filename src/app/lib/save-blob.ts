/** Hands bytes to the browser's download under a file name (a hidden link clicked once). */
export function saveBlobAs(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the bytes to the browser's download; the URL is no longer needed.
  setTimeout(() => {
    URL.revokeObjectURL(url);
  }, 0);
}
