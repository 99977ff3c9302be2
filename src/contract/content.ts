import { z } from 'zod';

export const CategorySchema = z.object({ key: z.string(), title: z.string() });
export type Category = z.infer<typeof CategorySchema>;

/** GET /getCategories */
export const GetCategoriesAnswerSchema = z.array(CategorySchema);
