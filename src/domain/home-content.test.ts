import { describe, expect, it } from 'vitest';
import { homeFromSetting } from '../server/modules/content/content-service.js';
import { DEMO_HOME } from '../server/db/seed/demo-catalog.js';
import { builtInHome, homeProblems, isHomeLink, isHomePicture } from './home-content.js';

describe('the built-in home (issue 26 #1)', () => {
  it("has spec §2's banner and the three category tiles, and no other section", () => {
    const home = builtInHome();
    expect(home.banners).toHaveLength(1);
    expect(home.banners[0]).toMatchObject({ title: 'New Arrivals', buttonText: 'See more', link: '/collections' });
    expect(home.categoryTiles.map((t) => [t.label, t.key])).toEqual([
      ['CLOTHING', 'clothing'],
      ['BRAS', 'bras'],
      ['PANTIES', 'pantiesandgarters'],
    ]);
    expect([home.effortlesslyChic, home.girls, home.story]).toEqual([[], [], []]);
    // Its own pictures pass the checks a save must pass: an owner may save it as it is.
    expect(homeProblems(home)).toEqual([]);
  });

  it('is what a shop without a saved home shows, and what a row that no longer reads falls back to', () => {
    expect(homeFromSetting(undefined)).toEqual({ home: builtInHome(), saved: false });
    expect(homeFromSetting({ banners: 'broken' })).toEqual({ home: builtInHome(), saved: false });
  });

  it("reads the demo seed's home and an older row, defaulting the fields added since", () => {
    expect(homeFromSetting(DEMO_HOME)).toEqual({ home: DEMO_HOME, saved: true });
    const { desktop, mobile, alt } = DEMO_HOME.banners[0]!;
    const old = { ...DEMO_HOME, banners: [{ desktop, mobile, alt }] } as Record<string, unknown>;
    delete old.announcements;
    delete old.storyPage;
    const { home, saved } = homeFromSetting(old);
    expect(saved).toBe(true);
    expect(home.banners[0]).toEqual({
      desktop,
      mobile,
      alt,
      title: 'New Arrivals',
      buttonText: 'See more',
      link: '/collections',
    });
    expect(home.announcements).toEqual(builtInHome().announcements);
    expect(home.storyPage).toEqual({ title: '', text: '' });
  });
});

describe('the checks of a home to save', () => {
  it('accepts shop paths and https addresses as links, nothing else', () => {
    for (const ok of ['/collections', '/categories/?category=bras', 'https://murashki.example/lookbook'])
      expect({ ok, valid: isHomeLink(ok) }).toEqual({ ok, valid: true });
    for (const bad of ['http://x.example', '//x.example', 'javascript:alert(1)', 'collections', '/a b', ''])
      expect({ bad, valid: isHomeLink(bad) }).toEqual({ bad, valid: false });
  });

  it('accepts uploads, https pictures and the built-in ones, nothing else', () => {
    expect(isHomePicture('/uploads/a.jpg')).toBe(true);
    expect(isHomePicture('https://cdn.example/a.jpg')).toBe(true);
    expect(isHomePicture('/home-pictures/category-bras.jpg')).toBe(true);
    expect(isHomePicture('/home-pictures/../secret.jpg')).toBe(false);
    expect(isHomePicture('/etc/passwd')).toBe(false);
  });

  it('names each problem by its place', () => {
    const home = builtInHome();
    home.banners.push({ desktop: '', mobile: '/uploads/m.jpg', alt: '', title: '', buttonText: 'Go', link: 'ftp://x' });
    home.girls.push({ picture: '/uploads/g.jpg', url: 'silk-slip', handle: ' ' });
    home.categoryTiles.push({ key: 'bras', label: 'MORE BRAS', picture: '/uploads/t.jpg' });
    home.announcements = ['a', 'b', 'c', 'd'];
    expect(homeProblems(home).map((p) => p.message)).toEqual([
      'Slide 2: the picture above 1024 px is required',
      'Slide 2: the title is required',
      'Slide 2: the link must be a shop path starting with / or an https address',
      'Murashki Girls 1: the author handle is required',
      'Category tile 4: this category already has a tile',
      'Announcement bar: write one to three messages',
    ]);
    expect(homeProblems({ ...builtInHome(), banners: [] }).map((p) => p.message)).toEqual([
      'Banner: add at least one slide',
    ]);
  });
});
