// Lets any storefront component open the shell's panels (e.g. adding to the bag opens the bag, spec §4).
import { createContext, useContext } from 'react';

export type ShellPanel = 'menu' | 'bag' | null;

export type Shell = {
  panel: ShellPanel;
  openMenu(): void;
  openBag(): void;
  closePanel(): void;
};

export const ShellContext = createContext<Shell | null>(null);

export function useShell(): Shell {
  const shell = useContext(ShellContext);
  if (!shell) throw new Error('useShell needs the storefront layout above it');
  return shell;
}
