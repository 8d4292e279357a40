/** A rectangle in the source image's pixels (react-easy-crop's croppedAreaPixels). */
export interface Area {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Width of the stored crop: enough for a sharp banner, small enough for the 2 MB upload limit. */
const MAX_WIDTH = 1600;

/** Draws the chosen area of an image file onto a canvas of the target ratio and returns it as a PNG. */
export async function cropToBlob(file: Blob, area: Area): Promise<Blob> {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, MAX_WIDTH / area.width);
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(area.width * scale);
  canvas.height = Math.round(area.height * scale);
  canvas
    .getContext('2d')!
    .drawImage(bitmap, area.x, area.y, area.width, area.height, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('crop failed'))), 'image/png'),
  );
}
