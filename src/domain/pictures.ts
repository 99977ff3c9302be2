// Spec §9: a picture's preview and placeholder replace its 4-character extension. No Zod here: the
// storefront's first load imports this.
export const previewOf = (picture: string) => `${picture.slice(0, -4)}-preview.jpg`;
export const smallOf = (picture: string) => `${picture.slice(0, -4)}-small.jpg`;
/** A `.jpg` is shown as a plain image; anything else (video, other formats) in a 2:3 box. */
export const isPlainImage = (picture: string) => picture.toLowerCase().endsWith('.jpg');
