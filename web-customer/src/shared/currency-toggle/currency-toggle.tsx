import { CURRENCIES, type Currency } from '@shortlist/domain';
import styles from './currency-toggle.module.css';

/** INR | USD as two toggle buttons in a labelled group; the pressed one is the current currency. */
export function CurrencyToggle({
  value,
  onChange,
  label,
  disabled = false,
}: {
  value: Currency;
  onChange: (currency: Currency) => void;
  label: string;
  disabled?: boolean;
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset would draw a legend box; a labelled group of toggle buttons is the APG pattern.
    <div className={styles.toggle} role="group" aria-label={label}>
      {CURRENCIES.map((currency) => (
        <button
          key={currency}
          type="button"
          className={styles.option}
          aria-pressed={currency === value}
          disabled={disabled}
          onClick={() => {
            if (currency !== value) onChange(currency);
          }}
        >
          {currency}
        </button>
      ))}
    </div>
  );
}
