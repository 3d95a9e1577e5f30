import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import type { ContentLink } from '@inkstone/contracts';
import { useCarousel } from '../hooks/use-carousel.ts';
import type { ResolvedLink } from '../utils/content-link.ts';
import { HERO_IMAGE_SIZES } from '../utils/hero-image.ts';
import type { Slide } from '../utils/home-layout.ts';
import { ContentAnchor } from './content-link.tsx';
import { SiteImage } from './site-image.tsx';

export interface HomeCarouselProps {
  slides: readonly Slide[];
  resolve(link: ContentLink): ResolvedLink;
}

/** The home page's banners: each picture with its caption, linking where the banner says. */
export function HomeCarousel({ slides, resolve }: HomeCarouselProps) {
  const { trackRef, index, goTo, onScroll, pauseHandlers } = useCarousel(slides.length);
  if (slides.length === 0) return null;
  return (
    <section
      className="ink-carousel"
      aria-roledescription="carousel"
      aria-label="精选推荐"
      {...pauseHandlers}
    >
      <div className="ink-carousel__track" ref={trackRef} onScroll={onScroll}>
        {slides.map((slide, position) => {
          const link = resolve(slide.link);
          return (
            <div
              key={slide.key}
              className="ink-carousel__slide"
              role="group"
              aria-roledescription="slide"
              aria-label={`${position + 1} / ${slides.length}：${slide.title}`}
            >
              <ContentAnchor link={link} className="ink-carousel__link">
                <SiteImage
                  image={slide.image}
                  className="ink-carousel__image"
                  sizes={HERO_IMAGE_SIZES}
                  isPriority={position === 0}
                  alt=""
                />
                <span className="ink-carousel__caption">
                  <span className="ink-carousel__title">{slide.title}</span>
                  {slide.subtitle && <span className="ink-carousel__subtitle">{slide.subtitle}</span>}
                  {link.kind !== 'none' && <span className="ink-carousel__cta">立即查看</span>}
                </span>
              </ContentAnchor>
            </div>
          );
        })}
      </div>
      {slides.length > 1 && (
        <>
          <button
            type="button"
            className="ink-carousel__arrow ink-carousel__arrow--prev"
            aria-label="上一张"
            onClick={() => goTo(index - 1)}
          >
            <LeftOutlined />
          </button>
          <button
            type="button"
            className="ink-carousel__arrow ink-carousel__arrow--next"
            aria-label="下一张"
            onClick={() => goTo(index + 1)}
          >
            <RightOutlined />
          </button>
          <div className="ink-carousel__dots">
            {slides.map((slide, position) => (
              <button
                key={slide.key}
                type="button"
                className={`ink-carousel__dot${position === index ? ' is-active' : ''}`}
                aria-label={`第 ${position + 1} 张`}
                aria-current={position === index ? 'true' : undefined}
                onClick={() => goTo(position)}
              />
            ))}
          </div>
        </>
      )}
    </section>
  );
}
