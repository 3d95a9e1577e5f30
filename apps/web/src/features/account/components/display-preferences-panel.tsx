import type { CSSProperties } from 'react';
import { Radio } from 'antd';
import { THEME_RED } from '@inkstone/contracts';
import { useAppState } from '../../../lib/company.ts';
import {
  STYLE_COLOR_TEMPLATES,
  THEME_GREEN,
  displayPreferences,
  useDisplayPreferences,
} from '../../../lib/display-preferences.ts';
import type { StyleColorTemplate } from '../../../lib/display-preferences.ts';
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

/** How the customer's own style and colour are described on the 自定义 card. */
function describeCustom(custom: StyleColorTemplate): string {
  return `${custom.themePreference === THEME_RED ? '红色' : '绿色'}主题，${custom.isCompact ? '紧凑' : '标准'}间距`;
}

/**
 * 显示偏好: the merchant's default style and colour, one of the style-and-colour templates, or the
 * customer's own colour and density (自定义). The choice is kept in this browser (spec §3's
 * storage keys) and applies at once, on every page.
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
      isSelected: !preferences.usesDefault && !preferences.usesCustom && preferences.templateIndex === index,
      choose: () => save({ ...preferences, usesDefault: false, usesCustom: false, templateIndex: index }),
    })),
    {
      key: 'custom',
      label: '自定义',
      description: describeCustom(preferences.custom),
      colour: preferences.custom.themePreference === THEME_RED ? COLOURS.red : COLOURS.green,
      isCompact: preferences.custom.isCompact,
      isSelected: !preferences.usesDefault && preferences.usesCustom,
      choose: () => save({ ...preferences, usesDefault: false, usesCustom: true }),
    },
  ];
  const isCustom = !preferences.usesDefault && preferences.usesCustom;
  const saveCustom = (change: Partial<StyleColorTemplate>) =>
    save({
      ...preferences,
      usesDefault: false,
      usesCustom: true,
      custom: { ...preferences.custom, ...change },
    });

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
      {isCustom && (
        <div className="ink-display-preferences__custom" aria-label="自定义配色与风格" role="group">
          <span className="ink-display-preferences__custom-label">颜色</span>
          <Radio.Group
            aria-label="自定义颜色"
            optionType="button"
            value={preferences.custom.themePreference === THEME_RED ? 'red' : 'green'}
            options={[
              { label: '绿色', value: 'green' },
              { label: '红色', value: 'red' },
            ]}
            onChange={(event) =>
              saveCustom({ themePreference: event.target.value === 'red' ? THEME_RED : THEME_GREEN })
            }
          />
          <span className="ink-display-preferences__custom-label">风格</span>
          <Radio.Group
            aria-label="自定义风格"
            optionType="button"
            value={preferences.custom.isCompact ? 'compact' : 'standard'}
            options={[
              { label: '标准', value: 'standard' },
              { label: '紧凑', value: 'compact' },
            ]}
            onChange={(event) => saveCustom({ isCompact: event.target.value === 'compact' })}
          />
        </div>
      )}
    </section>
  );
}
