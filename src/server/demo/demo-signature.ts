import { signaturePng } from '../pdf/sample-signature';

/** A signature as the signing page sends it: the sample PNG as a data URL. */
export const signatureDataUrl = (png = signaturePng()) => `data:image/png;base64,${png.toString('base64')}`;
