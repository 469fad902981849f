/** A box on a page as it shows: fractions of its width and height, from its top left. */
export type PageBox = { x: number; y: number; width: number; height: number };
