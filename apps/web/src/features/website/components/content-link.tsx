import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ResolvedLink } from '../utils/content-link.ts';

export interface ContentAnchorProps {
  link: ResolvedLink;
  className?: string;
  children: ReactNode;
  'aria-label'?: string;
  'aria-current'?: 'page';
}

/**
 * A content link as an element: a route of this site through the router, another site in a new
 * tab without access to this one (`rel="noopener noreferrer"`), and no link as plain content.
 */
export function ContentAnchor({ link, className, children, ...aria }: ContentAnchorProps) {
  switch (link.kind) {
    case 'internal':
      return (
        <Link to={link.to} className={className} {...aria}>
          {children}
        </Link>
      );
    case 'external':
      return (
        <a href={link.href} className={className} target="_blank" rel="noopener noreferrer" {...aria}>
          {children}
        </a>
      );
    case 'none':
      return <span className={className}>{children}</span>;
  }
}
