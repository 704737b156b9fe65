/**
 * Who pays people: the public bodies that pay benefits (UWV, SVB, DUO), pension funds and their
 * administrators, the government's payroll office (P-Direkt) and staffing agencies (their weekly
 * or monthly payments are wages). Employers in general are not knowable by name; salary is told
 * by purpose code and keywords (keywords/income.ts).
 */
import { organisation, type MerchantSpec } from './spec';

const pays = (slug: string, names: readonly string[], category: 'income.benefits' | 'income.pension' | 'income.salary', confidence = 0.9): MerchantSpec =>
  organisation(slug, names, { in: { category, confidence } });
const pension = (slug: string, names: readonly string[], confidence?: number): MerchantSpec => pays(slug, names, 'income.pension', confidence);
const wages = (slug: string, names: readonly string[], confidence?: number): MerchantSpec => pays(slug, names, 'income.salary', confidence);

export const benefits: MerchantSpec[] = [
  organisation('duo', ['^DUO', 'Dienst Uitvoering Onderwijs', 'DUO Groningen', 'IB-Groep'], {
    // DUO collects study-loan repayments (and some tuition, told by keywords) and pays study finance.
    out: { category: 'expenses.loans', confidence: 0.75 },
    in: { category: 'income.benefits', confidence: 0.9 },
  }),
  organisation('uwv', ['UWV', 'Uitvoeringsinstituut Werknemersverzekeringen'], {
    // money back to UWV repays benefits paid too much
    out: { category: 'expenses.other', confidence: 0.6 },
    in: { category: 'income.benefits', confidence: 0.9 },
  }),
  organisation('svb', ['^SVB', 'Sociale Verzekeringsbank'], {
    out: { category: 'expenses.other', confidence: 0.6 },
    // child benefit and survivor benefits; AOW (state pension) is told by its keyword
    in: { category: 'income.benefits', confidence: 0.8 },
  }),
  pays('sociale-dienst', ['Sociale Dienst', 'Werk en Inkomen', 'Dienst Werk en Inkomen', 'Werkplein', 'Werk en Participatie'], 'income.benefits', 0.85),
  pays('zorgkantoor', ['Zorgkantoor'], 'income.benefits', 0.8),
];

export const pensions: MerchantSpec[] = [
  pension('abp', ['^ABP', 'Stichting Pensioenfonds ABP', 'Pensioenfonds ABP']),
  pension('pfzw', ['PFZW', 'Pensioenfonds Zorg en Welzijn']),
  pension('pmt', ['^PMT', 'Pensioenfonds Metaal en Techniek']),
  pension('pme', ['^PME', 'Pensioenfonds van de Metalektro']),
  pension('bpfbouw', ['bpfBOUW', 'BPF Bouw', 'Bpf Bouwnijverheid']),
  pension('apg', ['^APG']),
  pension('pggm', ['PGGM']),
  pension('mn', ['=MN', 'MN Services']),
  pension('tkp', ['^TKP', 'TKP Pensioen']),
  pension('azl', ['^AZL']),
  pension('shell-pensioenfonds', ['Shell Pensioenfonds', 'Stichting Shell Pensioenfonds']),
  pension('philips-pensioenfonds', ['Philips Pensioenfonds']),
  pension('pensioenfonds-detailhandel', ['Pensioenfonds Detailhandel']),
  pension('bpl-pensioen', ['BPL Pensioen']),
  pension('pensioenfonds-horeca', ['Pensioenfonds Horeca en Catering', 'PH&C']),
  pension('spoorwegpensioenfonds', ['Spoorwegpensioenfonds']),
  pension('pensioenfonds-vervoer', ['Pensioenfonds Vervoer']),
  pension('pensioenfonds-schilders', ['Pensioenfonds Schilders']),
  pension('stipp', ['^Stipp']),
  pension('pensioenfonds-rabobank', ['Rabobank Pensioenfonds', 'Pensioenfonds Rabobank']),
  pension('pensioenfonds-ing', ['ING Pensioenfonds']),
  pension('pensioenfonds-abn-amro', ['ABN AMRO Pensioenfonds']),
  pension('pensioenfonds-kpn', ['KPN Pensioen']),
  pension('pensioenfonds-achmea', ['Achmea Pensioen', 'Centraal Beheer APF', 'Centraal Beheer Algemeen Pensioenfonds']),
  pension('pensioenfonds', ['Pensioenfonds', 'Pensioenuitvoerder', 'Algemeen Pensioenfonds'], 0.85),
];

export const employers: MerchantSpec[] = [
  wages('p-direkt', ['P-Direkt', 'PDirekt']),
  wages('randstad', ['Randstad', 'Randstad Groep']),
  wages('tempo-team', ['Tempo-Team', 'Tempo Team']),
  wages('adecco', ['Adecco']),
  wages('manpower', ['Manpower', 'ManpowerGroup']),
  wages('start-people', ['Start People']),
  wages('youngcapital', ['YoungCapital']),
  wages('olympia', ['Olympia Uitzendbureau', '^Olympia']),
  wages('unique', ['Unique Uitzendbureau']),
  wages('timing', ['Timing Uitzendteam']),
  wages('luba', ['Luba Uitzendbureau', '^Luba']),
  wages('tentoo', ['Tentoo']),
  wages('brunel', ['Brunel']),
  wages('yacht', ['^Yacht']),
  wages('hays', ['^Hays']),
  wages('temper', ['Temper', 'Temper Works'], 0.75),
  wages('otto-workforce', ['OTTO Workforce']),
  wages('covebo', ['Covebo']),
  wages('uitzendbureau', ['Uitzendbureau', 'Uitzendorganisatie', 'Payrolling', 'Payroll Services'], 0.8),
];
