/**
 * Accuracy of the transaction categoriser (@obp/categorisation), scored by @obp/categorisation-eval:
 * on the hand-written set of realistic Dutch bank transactions, and on the sandbox bank's labelled data for
 * seeds used nowhere else (30 retail, 10 business), on issue 27's held-out set (per set and per class of
 * transaction, and per half of its fifth-round dev/test split; since the sixth round both halves are dev, their
 * processor-fronted failures listed only with CAT_BENCH_HELD_OUT_DEV_FAILURES), and on the fresh processor-fronted
 * test set (per provider, per bank and per category; its transactions are never listed). Prints the scores
 * and whether the targets are met;
 * never asserts (the floors are asserted by packages/categorisation-eval/src/accuracy.test.ts).
 * Deterministic: same categoriser, same figures.
 * Run: npx tsx bench/categorisation-accuracy.bench.ts   (CAT_BENCH_RETAIL_SEEDS, CAT_BENCH_BUSINESS_SEEDS, CAT_BENCH_MISCLASSIFIED,
 * CAT_BENCH_HELD_OUT_DEV_FAILURES=<n>: list the first n of the held-out set's misclassified processor-fronted items)
 */
import { CATEGORISER_VERSION } from '@obp/categorisation';
import { canonicalCategories } from '@obp/contracts';
import { evaluateFreshSet, evaluateHeldOut, formatScore, freshSet, handWrittenScoreInputs, heldOutDevFailures, heldOutSet, sandboxScoreInputs, score, type Score } from '@obp/categorisation-eval';
import { scoreFourthRoundSet, scoreProcessorFronted } from '../packages/categorisation/src/processor-fronted-set/evaluate';

const retailSeeds = Number(process.env.CAT_BENCH_RETAIL_SEEDS ?? 30);
const businessSeeds = Number(process.env.CAT_BENCH_BUSINESS_SEEDS ?? 10);
const maxMisclassified = Number(process.env.CAT_BENCH_MISCLASSIFIED ?? 25);
const devFailures = Number(process.env.CAT_BENCH_HELD_OUT_DEV_FAILURES ?? 0);
const asOf = new Date('2026-10-15T00:00:00.000Z');

function worstCategory(s: Score, minExamples: number): { category: string; accuracy: number } | null {
  let worst: { category: string; accuracy: number } | null = null;
  for (const c of canonicalCategories) {
    const cs = s.perCategory[c];
    if (cs.support < minExamples || cs.accuracy === null) continue;
    if (!worst || cs.accuracy < worst.accuracy) worst = { category: c, accuracy: cs.accuracy };
  }
  return worst;
}

function pct(v: number | null): string {
  return v === null ? '—' : `${(v * 100).toFixed(1)}%`;
}

function verdict(met: boolean): string {
  return met ? 'met' : 'MISSED';
}

function main(): void {
  console.log(`categorisation accuracy — categoriser ${CATEGORISER_VERSION}`);
  const started = performance.now();

  const handWritten = score(handWrittenScoreInputs());
  const handDone = performance.now();
  const retailInputs = sandboxScoreInputs({ seeds: Array.from({ length: retailSeeds }, (_, i) => `eval-${i + 1}`), profile: 'retail', asOf });
  const businessInputs = sandboxScoreInputs({ seeds: Array.from({ length: businessSeeds }, (_, i) => `business-eval-${i + 1}`), profile: 'business', asOf });
  const sandbox = score([...retailInputs, ...businessInputs]);
  const retail = score(retailInputs);
  const business = score(businessInputs);
  const sandboxDone = performance.now();
  const heldOut = evaluateHeldOut();
  const heldOutDone = performance.now();
  const processorSet = scoreProcessorFronted();
  const fourthRoundSet = scoreFourthRoundSet();
  const fresh = evaluateFreshSet();

  console.log('');
  console.log(formatScore(handWritten, { title: 'hand-written set', maxMisclassified }));
  console.log('');
  console.log(formatScore(sandbox, { title: `sandbox labels: ${retailSeeds} retail + ${businessSeeds} business seeds`, maxMisclassified }));
  console.log('');
  console.log(`sandbox retail:   ${pct(retail.accuracy)} of ${retail.total}   macro-F1 ${retail.macroF1?.toFixed(3) ?? '—'}`);
  console.log(`sandbox business: ${pct(business.accuracy)} of ${business.total}   macro-F1 ${business.macroF1?.toFixed(3) ?? '—'}`);
  console.log('');
  console.log(formatScore(heldOut.overall, { title: `held-out set (issue 27): ${heldOutSet.length} transactions, never used for tuning`, maxMisclassified: 0 }));
  console.log('');
  console.log('held-out set per class (whole set | dev half | test half, split by template: held-out/split.ts):');
  const ofHalf = (s: Score): string => `${pct(s.accuracy).padStart(6)} of ${String(s.total).padEnd(4)}`;
  console.log(`  ${'overall'.padEnd(18)} ${ofHalf(heldOut.overall)} | ${ofHalf(heldOut.halves.dev.overall)} | ${ofHalf(heldOut.halves.test.overall)}`);
  for (const [cls, s] of Object.entries(heldOut.perClass)) {
    const c = cls as keyof typeof heldOut.perClass;
    console.log(`  ${cls.padEnd(18)} ${ofHalf(s)} | ${ofHalf(heldOut.halves.dev.perClass[c])} | ${ofHalf(heldOut.halves.test.perClass[c])}`);
  }
  if (devFailures > 0) {
    const failures = heldOutDevFailures('processor-fronted');
    console.log('', `held-out set (dev since the sixth round), processor-fronted, misclassified: ${failures.length}${failures.length > devFailures ? ` (first ${devFailures})` : ''}`);
    for (const { item, actual } of failures.slice(0, devFailures)) {
      const t = item.transaction;
      console.log(`  [fifth-round ${item.half} half] [${item.template}] ${item.bank} ${t.amount} ${item.expected.category} → ${actual.category} (${actual.confidence.toFixed(2)})`);
      console.log(`      name: ${t.counterpartName ?? '—'} | account: ${t.counterpartAccountNumber ?? '—'} | type: ${t.transactionType ?? '—'} ${t.transactionTypeName ?? ''}`);
      console.log(`      description: ${t.description ?? '—'}`);
    }
  }
  console.log('');
  console.log(`processor-fronted set (issue 27, third round, packages/categorisation/src/processor-fronted-set): ${pct(processorSet.accuracy)} (${processorSet.correct} of ${processorSet.total})`);
  console.log(`processor-fronted set (issue 27, fourth round, fourth-round-items.ts): ${pct(fourthRoundSet.accuracy)} (${fourthRoundSet.correct} of ${fourthRoundSet.total})`);
  console.log('');
  console.log(formatScore(fresh.overall, { title: `fresh processor-fronted test set (issue 27, sixth round, fresh-processor-fronted/): ${freshSet.length} transactions, never read`, maxMisclassified: 0 }));
  console.log('');
  console.log('fresh processor-fronted test set per provider and per bank:');
  const ofSet = (s: Score): string => `${pct(s.accuracy).padStart(6)} of ${s.total}`;
  console.log(`  ${'overall'.padEnd(14)} ${ofSet(fresh.overall)}`);
  for (const [route, s] of Object.entries(fresh.perRoute)) console.log(`  ${route.padEnd(14)} ${ofSet(s)}`);
  for (const [bank, s] of Object.entries(fresh.perBank)) console.log(`  ${bank.padEnd(14)} ${ofSet(s)}`);
  console.log('');

  const worstSandbox = worstCategory(sandbox, 5);
  const worstHand = worstCategory(handWritten, 5);
  const ownMet = (s: Score): boolean => s.ownTransfers.total > 0 && s.ownTransfers.correct === s.ownTransfers.total;
  console.log(`target overall ≥ 97% on sandbox labels:        ${verdict((sandbox.accuracy ?? 0) >= 0.97)} (${pct(sandbox.accuracy)})`);
  console.log(`target overall ≥ 97% on the hand-written set:  ${verdict((handWritten.accuracy ?? 0) >= 0.97)} (${pct(handWritten.accuracy)})`);
  const flagF1 = (s: Score, flag: string): number | null => {
    const f = s.flags[flag as keyof Score['flags']];
    if (!f || f.expected + f.predicted === 0) return null;
    return (2 * f.truePositives) / (f.expected + f.predicted);
  };
  for (const [name, s] of [['sandbox', sandbox], ['hand-written', handWritten], ['held-out', heldOut.overall]] as const) {
    const scored = Object.keys(s.flags).filter((flag) => flag !== 'subscription').map((flag) => [flag, flagF1(s, flag)] as const);
    const worst = scored.filter(([, f1]) => f1 !== null).sort((a, b) => (a[1] ?? 0) - (b[1] ?? 0))[0];
    console.log(`target flag F1 ≥ 0.97 (${name}):`.padEnd(47) + `${verdict(scored.every(([, f1]) => f1 === null || f1 >= 0.97))} (lowest: ${worst ? `${worst[0]} ${worst[1]?.toFixed(3)}` : '—'})`);
  }
  console.log(
    `target no category below 80% (≥ 5 examples):   ${verdict((worstSandbox?.accuracy ?? 1) >= 0.8 && (worstHand?.accuracy ?? 1) >= 0.8)}` +
      ` (worst: sandbox ${worstSandbox ? `${worstSandbox.category} ${pct(worstSandbox.accuracy)}` : '—'}, hand-written ${worstHand ? `${worstHand.category} ${pct(worstHand.accuracy)}` : '—'})`,
  );
  console.log(
    `target own-account transfers 100%:             ${verdict(ownMet(sandbox) && ownMet(handWritten))}` +
      ` (sandbox ${sandbox.ownTransfers.correct}/${sandbox.ownTransfers.total}, hand-written ${handWritten.ownTransfers.correct}/${handWritten.ownTransfers.total})`,
  );
  const calibrated = (s: Score): boolean => s.calibrationError !== null && s.calibrationError <= 0.05;
  const ece = (s: Score): string => s.calibrationError?.toFixed(3) ?? '—';
  console.log(`target calibration error ≤ 0.05:               ${verdict(calibrated(sandbox) && calibrated(handWritten))} (sandbox ${ece(sandbox)}, hand-written ${ece(handWritten)}, held-out ${ece(heldOut.overall)})`);
  const foreignCard = heldOut.perClass['foreign-card'].accuracy ?? 0;
  const processorFronted = heldOut.perClass['processor-fronted'].accuracy ?? 0;
  console.log(`target overall ≥ 93% on the held-out set:      ${verdict((heldOut.overall.accuracy ?? 0) >= 0.93)} (${pct(heldOut.overall.accuracy)})`);
  const freshProcessorFronted = fresh.overall.accuracy ?? 0;
  console.log(
    `target foreign card / processor-fronted ≥ 90%: ${verdict(foreignCard >= 0.9 && freshProcessorFronted >= 0.9)} (held-out foreign card ${pct(foreignCard)}; processor-fronted on the fresh test set ${pct(freshProcessorFronted)}; on the held-out set, dev since the sixth round, ${pct(processorFronted)}; small sets ${pct(processorSet.accuracy)}, ${pct(fourthRoundSet.accuracy)})`,
  );
  console.log(`(held-out set scored in ${((heldOutDone - sandboxDone) / 1000).toFixed(1)} s)`);
  console.log(`(hand-written scored in ${((handDone - started) / 1000).toFixed(1)} s, sandbox generated and scored in ${((sandboxDone - handDone) / 1000).toFixed(1)} s)`);
}

main();
