import { ArrowRightOutlined, CheckOutlined, CloseOutlined, ReloadOutlined } from '@ant-design/icons';
import type { Captcha } from '@inkstone/contracts';
import { useSliderDrag } from '../hooks/use-slider-drag.ts';
import type { SliderAnswer } from '../hooks/use-slider-drag.ts';
import './slider-captcha.css';

export type { SliderAnswer } from '../hooks/use-slider-drag.ts';

export type SliderStatus = 'ready' | 'checking' | 'passed' | 'failed';

export interface SliderCaptchaProps {
  slider: NonNullable<Captcha['slider']>;
  status: SliderStatus;
  onRelease(answer: SliderAnswer): void;
  onRefresh(): void;
}

/**
 * The self-hosted slider puzzle: the piece sits at y = pieceY on the background and is dragged
 * horizontally to the gap. On a narrow screen the picture is scaled down and positions are
 * converted back to image pixels.
 */
export function SliderCaptcha({ slider, status, onRelease, onRefresh }: SliderCaptchaProps) {
  const { frame, offset, scale, pieceSize, maxOffset, handlers } = useSliderDrag(
    slider,
    status === 'ready',
    onRelease,
  );

  return (
    <div className={`ink-slider ink-slider--${status}`} style={{ maxWidth: slider.width }}>
      <div
        className="ink-slider__picture"
        ref={frame}
        style={{ aspectRatio: `${slider.width} / ${slider.height}` }}
      >
        <img className="ink-slider__background" src={slider.background} alt="验证图片" draggable={false} />
        <img
          className="ink-slider__piece"
          src={slider.piece}
          alt=""
          draggable={false}
          style={{ left: offset, top: slider.pieceY * scale, width: pieceSize }}
        />
        <button
          type="button"
          className="ink-slider__refresh"
          onClick={onRefresh}
          aria-label="换一张"
          title="换一张"
        >
          <ReloadOutlined />
        </button>
        {status === 'passed' && (
          <div className="ink-slider__result ink-slider__result--passed">
            <CheckOutlined /> 验证通过
          </div>
        )}
      </div>
      <div className="ink-slider__track">
        <div className="ink-slider__fill" style={{ width: offset + pieceSize }} />
        <span className="ink-slider__hint">
          {status === 'checking' ? '正在验证…' : '向右拖动滑块，完成拼图'}
        </span>
        <div
          className="ink-slider__handle"
          role="slider"
          aria-label="拖动滑块完成拼图"
          aria-valuemin={0}
          aria-valuemax={Math.round(maxOffset)}
          aria-valuenow={Math.round(offset)}
          tabIndex={0}
          style={{ left: offset, width: pieceSize }}
          {...handlers}
        >
          {status === 'passed' ? (
            <CheckOutlined />
          ) : status === 'failed' ? (
            <CloseOutlined />
          ) : (
            <ArrowRightOutlined />
          )}
        </div>
      </div>
    </div>
  );
}
