import { useFooterMenu } from '../hooks/use-site-menus.ts';
import { ContentAnchor } from './content-link.tsx';

/** The merchant's footer menu: a column per section with its links (help articles, pages). */
export function FooterMenu() {
  const sections = useFooterMenu();
  if (sections.length === 0) return null;
  return (
    <nav className="ink-footer-menu" aria-label="页脚导航">
      {sections.map((section) => (
        <div key={section.id} className="ink-footer-menu__section">
          <ContentAnchor link={section.link} className="ink-footer-menu__title">
            {section.title}
          </ContentAnchor>
          <ul>
            {section.children.map((child) => (
              <li key={child.id}>
                <ContentAnchor link={child.link}>{child.title}</ContentAnchor>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}
