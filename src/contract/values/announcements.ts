// The announcement bar's messages until the owner writes their own (spec §2), apart from the home's
// rules (src/domain/home-content.ts) so the shell's first load carries only these lines.
export const DEFAULT_ANNOUNCEMENTS: readonly string[] = [
  'Free US shipping on orders over $100',
  'Free international shipping over $300',
  'Sign up for 15% off your first order',
];
