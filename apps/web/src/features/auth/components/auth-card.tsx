import type { ReactNode } from 'react';
import { useAppState } from '../../../lib/company.ts';
import './auth.css';

export interface AuthCardProps {
  title: string;
  subtitle?: string;
  children: ReactNode;
}

/** The white card of the login, register and password pages, headed by the merchant's name. */
export function AuthCard({ title, subtitle, children }: AuthCardProps) {
  const { companyInfo } = useAppState();
  const name = companyInfo?.Config.WebSiteName || companyInfo?.CompanyName || '';
  return (
    <section className="ink-auth-card" aria-label={title}>
      <header className="ink-auth-card__header">
        {name && <p className="ink-auth-card__merchant">{name}</p>}
        <h1 className="ink-auth-card__title">{title}</h1>
        {subtitle && <p className="ink-auth-card__subtitle">{subtitle}</p>}
      </header>
      {children}
    </section>
  );
}
