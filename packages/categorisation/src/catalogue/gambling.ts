/**
 * Casinos, lotteries and betting sites licensed in the Netherlands. Money out is a stake; money in
 * is a win or a withdrawal from a player account: other income, still flagged `gambling`.
 */
import { organisation, type MerchantSpec } from './spec';

const operators: Readonly<Record<string, readonly string[]>> = {
  'holland-casino': ['Holland Casino'],
  toto: ['^Toto'],
  lotto: ['^Lotto', 'De Lotto'],
  staatsloterij: ['Staatsloterij'],
  'nederlandse-loterij': ['Nederlandse Loterij'],
  'postcode-loterij': ['Postcode Loterij', 'Nationale Postcode Loterij'],
  'bankgiro-loterij': ['BankGiro Loterij'],
  vriendenloterij: ['VriendenLoterij'],
  'goede-doelen-loterijen': ['Goede Doelen Loterijen', 'Novamedia'],
  eurojackpot: ['Eurojackpot'],
  unibet: ['Unibet'],
  bet365: ['bet365'],
  jacks: ['Jacks.nl', 'Jacks Casino', 'Jack\'s Casino'],
  betcity: ['BetCity'],
  kansino: ['Kansino'],
  leovegas: ['LeoVegas'],
  circus: ['^Circus', 'Circus Casino'],
  '711': ['^711'],
  tonybet: ['TonyBet'],
  zebet: ['ZEbet'],
  vbet: ['Vbet'],
  bingoal: ['Bingoal'],
  'fair-play-casino': ['Fair Play Casino', 'Fair Play Online'],
  betnation: ['BetNation'],
  bwin: ['bwin'],
  comeon: ['ComeOn'],
  'one-casino': ['One Casino'],
  'toto-casino': ['TOTO Casino'],
  hommerson: ['Hommerson'],
  'kroon-casino': ['Kroon Casino'],
  'flamingo-casino': ['Flamingo Casino'],
  starcasino: ['Starcasino'],
  'livescore-bet': ['LiveScore Bet'],
  '888': ['^888', '888casino'],
  betmgm: ['BetMGM'],
  'napoleon-sports': ['Napoleon Sports'],
  'casino-gamers': ['Gamers Casino'],
};

export const gambling: MerchantSpec[] = [
  ...Object.entries(operators).map(([slug, names]) =>
    organisation(slug, names, {
      out: { category: 'expenses.gambling', confidence: 0.95 },
      in: { category: 'income.other.gambling', confidence: 0.85 },
    }),
  ),
  {
    id: 'business-type.casino',
    names: ['casino', 'speelautomaten', 'loterij', 'sportsbook'],
    outcomes: { out: { category: 'expenses.gambling', confidence: 0.8 }, in: { category: 'income.other.gambling', confidence: 0.7 } },
    refundsIn: false,
    membership: false,
  },
];
