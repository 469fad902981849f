/** A page's crop box, in the page's own coordinates. */
type CropBox = { x: number; y: number; width: number; height: number };

const normalRotation = (angle: number) => (((Math.round(angle / 90) * 90) % 360) + 360) % 360;

/**
 * Where an overlay page of the page's displayed size is drawn so it shows upright where the signer
 * saw it: its size (the crop box, turned by the page's /Rotate) and the point its bottom-left
 * corner goes to once turned counter-clockwise by the same angle.
 */
export function overlayPlacement(box: CropBox, rotation: number) {
  const turned = normalRotation(rotation);
  const origin =
    turned === 90
      ? { x: box.x + box.width, y: box.y }
      : turned === 180
        ? { x: box.x + box.width, y: box.y + box.height }
        : turned === 270
          ? { x: box.x, y: box.y + box.height }
          : { x: box.x, y: box.y };
  return {
    ...origin,
    width: turned % 180 ? box.height : box.width,
    height: turned % 180 ? box.width : box.height,
    turned,
  };
}
