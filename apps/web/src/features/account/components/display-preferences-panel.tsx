import type { CSSProperties } from 'react';
import { THEME_RED } from '@inkstone/contracts';
import { useAppState } from '../../../lib/company.ts';
import {
  STYLE_COLOR_TEMPLATES,
  displayPreferences,
  useDisplayPreferences,
} from '../../../lib/display-preferences.ts';
import { feedback } from '../../../lib/feedback.ts';

const COLOURS = { green: '#0f9d58', red: '#d7261e' };

/** What each template of STYLE_COLOR_TEMPLATES is called, by its index. */
const TEMPLATE_TEXT = [
  { label: '清新绿', description: '绿色主题，标准间距' },
  { label: '中国红', description: '红色主题，标准间距' },
  { label: '清新绿 · 紧凑', description: '绿色主题，控件更小，一屏显示更多' },
  { label: '中国红 · 紧凑', description: '红色主题，控件更小，一屏显示更多' },
];

interface Choice {
  key: string;
  label: string;
  description: string;
  colour: string;
  isCompact: boolean;
  isSelected: boolean;
  choose(): void;
}

function ChoiceCard({ choice }: { choice: Choice }) {
  return (
    <label className={`ink-display-choice${choice.isSelected ? ' is-selected' : ''}`}>
      <input
        type="radio"
        name="ink-display-template"
        className="ink-display-choice__input"
        checked={choice.isSelected}
        onChange={choice.choose}
      />
      <span
        className={`ink-display-choice__swatch${choice.isCompact ? ' is-compact' : ''}`}
        style={{ '--ink-swatch': choice.colour } as CSSProperties}
        aria-hidden="true"
      >
        <span />
        <span />
        <span />
      </span>
      <span className="ink-display-choice__text">
        <strong>{choice.label}</strong>
        <small>{choice.description}</small>
      </span>
    </label>
  );
}

/**
 * 显示偏好: the merchant's default style and colour, or one of the style-and-colour templates.
 * The choice is kept in this browser (spec §3's storage keys) and applies at once, on every page.
 */
export function DisplayPreferencesPanel() {
  const preferences = useDisplayPreferences();
  const { companyInfo } = useAppState();
  const merchantIsRed = companyInfo?.ThemePreference === THEME_RED;

  function save(next: typeof preferences) {
    displayPreferences.set(next);
    feedback.success('显示偏好已保存，已在本浏览器生效');
  }

  const choices: Choice[] = [
    {
      key: 'default',
      label: '商户默认',
      description: `跟随${companyInfo?.CompanyName ?? '商户'}的网站配色（${merchantIsRed ? '红色' : '绿色'}）`,
      colour: merchantIsRed ? COLOURS.red : COLOURS.green,
      isCompact: false,
      isSelected: preferences.usesDefault,
      choose: () => save({ ...preferences, usesDefault: true }),
    },
    ...STYLE_COLOR_TEMPLATES.map((template, index) => ({
      key: `template-${index}`,
      label: TEMPLATE_TEXT[index]?.label ?? `配色 ${index + 1}`,
      description: TEMPLATE_TEXT[index]?.description ?? '',
      colour: template.themePreference === THEME_RED ? COLOURS.red : COLOURS.green,
      isCompact: template.isCompact,
      isSelected: !preferences.usesDefault && preferences.templateIndex === index,
      choose: () => save({ usesDefault: false, templateIndex: index }),
    })),
  ];

  return (
    <section className="ink-account-panel ink-display-preferences" aria-labelledby="ink-display-title">
      <h2 id="ink-display-title" className="ink-display-preferences__title">
        配色与风格
      </h2>
      <p className="ink-display-preferences__hint">选择后立即生效，保存在当前浏览器中，不影响其他设备。</p>
      <div className="ink-display-preferences__choices" role="radiogroup" aria-label="配色与风格">
        {choices.map((choice) => (
          <ChoiceCard key={choice.key} choice={choice} />
        ))}
      </div>
    </section>
  );
}
