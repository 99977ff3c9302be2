// Email HTML still needs the old `bgcolor` on table cells (Outlook ignores CSS backgrounds there);
// React prints it as given, React's types only know it on <table>.
import 'react';

declare module 'react' {
  interface TdHTMLAttributes<T> {
    bgcolor?: string | undefined;
  }
}
