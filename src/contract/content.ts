import { z } from 'zod';
import { PAGE_NAME_PATTERN } from './values/admin.js';
import { HOME_SETTING_KEY } from './values/catalog.js';
import { FOOTER_LINKS_MAX } from './values/footer.js';
import { DEFAULT_ANNOUNCEMENTS, DEFAULT_BANNER_TEXT, MAX_ANNOUNCEMENTS } from '../domain/home-content.js';

export { HOME_SETTING_KEY, PAGE_NAME_PATTERN };

export const CategorySchema = z.object({ key: z.string(), title: z.string() });
export type Category = z.infer<typeof CategorySchema>;

/** GET /getCategories */
export const GetCategoriesAnswerSchema = z.array(CategorySchema);

/**
 * Not in spec §7: GET /getMenuCategories, the storefront's menu. Only categories with at least one
 * published item, so the menu never leads to an empty page; /getCategories still lists every one (the admin's).
 */
export const GetMenuCategoriesAnswerSchema = z.array(CategorySchema);

const text = (max: number) => z.string().max(max);

/**
 * The home page's content (the `home` setting, HOME_SETTING_KEY), edited whole on the Home tab
 * (issue 26 #2). Fields added after the first version have defaults, so a row saved before them
 * (and the demo seed) still reads: a banner's words and link, the announcement bar's messages, the
 * /story page's title and text (empty: the 'story' info page is shown). The rules a save must pass
 * beyond these shapes (a slide needs both pictures and a title, …) are homeProblems in
 * src/domain/home-content.ts, said with the place they concern.
 */
export const HomeContentSchema = z.object({
  banners: z
    .array(
      z.object({
        desktop: text(2000),
        mobile: text(2000),
        alt: text(300).default(''),
        title: text(120).default(DEFAULT_BANNER_TEXT.title),
        buttonText: text(60).default(DEFAULT_BANNER_TEXT.buttonText),
        link: text(2000).default(DEFAULT_BANNER_TEXT.link),
      }),
    )
    .max(12),
  effortlesslyChic: z.array(z.object({ picture: text(2000), url: text(200), title: text(200) })).max(24),
  girls: z.array(z.object({ picture: text(2000), url: text(200), handle: text(100) })).max(40),
  categoryTiles: z.array(z.object({ key: text(100), label: text(60), picture: text(2000) })).max(12),
  /** The /story page's pictures. */
  story: z.array(text(2000)).max(12),
  /** The /story page's title and markdown text; both empty: the 'story' info page's. */
  storyPage: z
    .object({
      title: text(200),
      text: text(100_000),
      /** The text as safe HTML, made by the server when it answers (what a client sends here is ignored). */
      html: z.string().optional(),
    })
    .default({ title: '', text: '' }),
  /** The announcement bar's messages (one to three). */
  announcements: z
    .array(text(200))
    .max(MAX_ANNOUNCEMENTS)
    .default(() => [...DEFAULT_ANNOUNCEMENTS]),
});
export type HomeContent = z.infer<typeof HomeContentSchema>;
/** A home as a client may send it (fields added later may be left out). */
export type HomeContentInput = z.input<typeof HomeContentSchema>;

/** POST /admin/api/home answers the home as saved. */
export const SaveHomeAnswerSchema = z.object({ ok: z.literal(true), home: HomeContentSchema });

// ---------- the owner's info pages editor (spec §2 Info pages editor, §7 getAllInfo/createInfo/updateInfo) ----------

/** page_name is the page's address (/info/{page_name}): lowercase words joined by hyphens (PAGE_NAME_PATTERN). */
export const InfoPageEditSchema = z.object({
  page_name: z
    .string()
    .trim()
    .min(1, 'The page name is required')
    .max(80)
    .regex(
      PAGE_NAME_PATTERN,
      'The page name may only hold lowercase letters, digits and hyphens (it is the address /info/{page_name})',
    ),
  title: z.string().trim().min(1, 'The title is required').max(200),
  /** Markdown; raw HTML in it is shown as text, never run. */
  text: z.string().trim().min(1, 'The text is required').max(100_000),
});
export type InfoPageEdit = z.infer<typeof InfoPageEditSchema>;

/** GET /admin/api/getAllInfo: every page, by title. */
export const GetAllInfoAnswerSchema = z.array(InfoPageEditSchema.extend({ updatedAt: z.string() }));
/** POST /admin/api/createInfo and /updateInfo answer the page as saved. */
export const InfoPageSavedSchema = z.object({ ok: z.literal(true), page: InfoPageEditSchema });

/** POST /admin/api/deleteInfo: the page at /info/{page_name} is removed (and from the footer). */
export const DeleteInfoBodySchema = InfoPageEditSchema.pick({ page_name: true });
export type DeleteInfoBody = z.infer<typeof DeleteInfoBodySchema>;

// ---------- the footer's info links (issue 26 #5) ----------

/** One info link of the storefront footer. */
export const FooterLinkSchema = z.object({
  page_name: z.string(),
  /** The spec's short label for its four pages ('FAQ'), else the page's title. */
  label: z.string(),
  column: z.enum(['help', 'legal']),
});
export type FooterLink = z.infer<typeof FooterLinkSchema>;

/** GET /footerLinks: the info pages the footer lists, in order (only pages that exist). */
export const FooterLinksAnswerSchema = z.array(FooterLinkSchema);

/** POST /admin/api/footerLinks: the page names the footer lists, in order. */
export const SaveFooterLinksBodySchema = z.object({
  pages: z
    .array(InfoPageEditSchema.shape.page_name, { error: 'pages must be a list of page names' })
    .max(FOOTER_LINKS_MAX, `The footer lists at most ${FOOTER_LINKS_MAX} pages`)
    .refine((pages) => new Set(pages).size === pages.length, { error: 'A page is listed twice' }),
});
export type SaveFooterLinksBody = z.infer<typeof SaveFooterLinksBodySchema>;
