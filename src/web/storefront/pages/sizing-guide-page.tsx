// /sizing-guide (spec §2): both sizing charts and 'Continue Shopping' to /collections.
import { SizingCharts } from '../sizing/sizing-charts.js';
import { SimplePage } from './simple-page.js';
import { FitFinderButton } from '../fit-finder/your-size.js';

const HOW_TO_MEASURE = [
  ['Full bust', 'Around the fullest part of your bust, tape level across your back.'],
  ['Under bust', 'Snugly around your rib cage, just beneath your bust.'],
  ['Waist', 'Around the narrowest part of your natural waist.'],
  ['Hip', 'Around the fullest part of your hips, feet together.'],
] as const;

export function SizingGuidePage() {
  return (
    <SimplePage
      eyebrow="Fit"
      title="Sizing Guide"
      lede="Measure your body over light underwear, with the tape snug but not tight. Between two sizes? Size up."
      continueShopping
    >
      <div className="sizing-guide">
        <div className="sizing-guide__finder">
          <p>Not sure? Enter two measurements and we will work it out.</p>
          <FitFinderButton kind={null} className="button button--secondary" />
        </div>
        <dl className="sizing-guide__measure" aria-label="How to measure">
          {HOW_TO_MEASURE.map(([name, how]) => (
            <div key={name}>
              <dt>{name}</dt>
              <dd>{how}</dd>
            </div>
          ))}
        </dl>
        <SizingCharts />
      </div>
    </SimplePage>
  );
}
