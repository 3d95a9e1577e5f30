import { DownloadOutlined, RightOutlined } from '@ant-design/icons';
import type { ContentLink, DesignTemplate } from '@inkstone/contracts';
import type { ResolvedLink } from '../utils/content-link.ts';
import { formatFileSize, templateSizeText } from '../utils/template-filters.ts';
import { ContentAnchor } from './content-link.tsx';
import { SiteImage } from './site-image.tsx';

export interface TemplateCardProps {
  template: DesignTemplate;
  resolve(link: ContentLink): ResolvedLink;
}

/** A design template: its preview, size and bleed, a download per file, and its product to order. */
export function TemplateCard({ template, resolve }: TemplateCardProps) {
  const product =
    template.ProductId === null ? null : resolve({ Type: 'product', Target: String(template.ProductId) });
  return (
    <article className="ink-template-card">
      <div className="ink-template-card__preview">
        <SiteImage
          image={template.Preview}
          sizes="(max-width: 600px) 50vw, 280px"
          alt={`${template.Title} 预览`}
        />
      </div>
      <div className="ink-template-card__body">
        <span className="ink-template-card__category">{template.CategoryTitle}</span>
        <h2 className="ink-template-card__title">{template.Title}</h2>
        <p className="ink-template-card__size">
          {templateSizeText(template.FinishedWidthMm, template.FinishedHeightMm, template.BleedMm)}
        </p>
        <div className="ink-template-card__files">
          {template.Files.map((file) => (
            <a
              key={file.Url}
              className="ink-template-file"
              href={file.Url}
              download={file.FileName}
              aria-label={`下载 ${file.FileName}（${file.Format}，${formatFileSize(file.SizeBytes)}）`}
            >
              <DownloadOutlined aria-hidden="true" />
              <span>下载 {file.Format}</span>
              <small>{formatFileSize(file.SizeBytes)}</small>
            </a>
          ))}
        </div>
        {product && product.kind !== 'none' && (
          <ContentAnchor link={product} className="ink-template-card__order">
            去下单 <RightOutlined />
          </ContentAnchor>
        )}
      </div>
    </article>
  );
}
