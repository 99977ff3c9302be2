import { z } from 'zod';

export const CategorySchema = z.object({ key: z.string(), title: z.string() });
export type Category = z.infer<typeof CategorySchema>;

/** GET /getCategories */
export const GetCategoriesAnswerSchema = z.array(CategorySchema);

/** The `home` setting: what the home page shows besides the promotional items. */
export const HOME_SETTING_KEY = 'home';
export const HomeContentSchema = z.object({
  banners: z.array(z.object({ desktop: z.string(), mobile: z.string(), alt: z.string() })),
  effortlesslyChic: z.array(z.object({ picture: z.string(), url: z.string(), title: z.string() })),
  girls: z.array(z.object({ picture: z.string(), url: z.string(), handle: z.string() })),
  categoryTiles: z.array(z.object({ key: z.string(), label: z.string(), picture: z.string() })),
  story: z.array(z.string()),
});
export type HomeContent = z.infer<typeof HomeContentSchema>;
