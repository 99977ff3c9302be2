// The categories side menu (left drawer): a link per category plus 'Shop all' (spec §2); a category
// without a published item is left out (issue 24 #17), it would only lead to an empty page.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useShopApi } from '../../api/api-context.js';
import { menuCategoriesQuery } from '../../api/queries.js';
import { Drawer } from '../../ui/drawer.js';
import { ArrowIcon } from '../../ui/icons.js';

export const categoryPath = (key: string) => `/categories/?category=${encodeURIComponent(key)}`;

export function SideMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const api = useShopApi();
  const { data: categories = [] } = useQuery(menuCategoriesQuery(api));
  return (
    <Drawer
      id="side-menu"
      side="left"
      open={open}
      onClose={onClose}
      label="Categories"
      title="Shop"
      closeLabel="Close menu"
      footer={<p className="side-menu__note">Free US shipping on orders over $100</p>}
    >
      <nav aria-label="Categories">
        <ul className="side-menu__list">
          {categories.map((category) => (
            <li key={category.key}>
              <Link className="side-menu__link" to={categoryPath(category.key)} onClick={onClose}>
                {category.title}
              </Link>
            </li>
          ))}
        </ul>
        <Link className="side-menu__all" to="/collections" onClick={onClose}>
          Shop all
          <ArrowIcon />
        </Link>
        <Link className="side-menu__all" to="/gift-card" onClick={onClose}>
          Gift card
          <ArrowIcon />
        </Link>
      </nav>
    </Drawer>
  );
}
