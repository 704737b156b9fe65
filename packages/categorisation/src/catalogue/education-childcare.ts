/**
 * Education (tuition, schools, courses, driving lessons) and childcare (day care, after-school
 * care, childminder agencies). DUO is in benefits-and-public.ts: its payments are study finance in
 * and study-loan repayments out.
 */
import { businessTypes, sellers } from './spec';

export const education = [
  ...sellers('expenses.education', {
    loi: ['^LOI', 'Leidse Onderwijsinstellingen'],
    nti: ['^NTI'],
    ncoi: ['NCOI'],
    studielink: ['Studielink'],
    studiekeuze123: ['Studiekeuze123'],
    'open-universiteit': ['Open Universiteit'],
    udemy: ['Udemy'],
    coursera: ['Coursera'],
    babbel: ['Babbel'],
    squla: ['Squla'],
    wrts: ['WRTS'],
    cbr: ['^CBR', 'Centraal Bureau Rijvaardigheidsbewijzen'],
    'educatieve-uitgevers': ['Noordhoff', 'ThiemeMeulenhoff', 'Malmberg'],
    'van-dijk': ['Van Dijk Educatie'],
    studystore: ['Studystore'],
    iddink: ['Iddink'],
  }),
  ...businessTypes('expenses.education', [
    'universiteit', 'university', 'hogeschool', 'roc', 'mbo college', 'scholengemeenschap', 'basisschool', 'lyceum', 'gymnasium',
    'montessorischool', 'school', 'onderwijs', 'rijschool', 'autorijschool', 'muziekschool', 'taalschool', 'bijlesinstituut', 'huiswerkbegeleiding',
    'opleidingen', 'opleidingscentrum', 'academie', 'zwemschool',
  ]),
];

export const childcare = [
  ...sellers('expenses.childcare', {
    kow: ['^KOW', 'Kinderopvang KOW'],
    partou: ['Partou'],
    kinderdam: ['Kinderdam'],
    skon: ['^SKON', 'SKON Kinderopvang'],
    smallsteps: ['Smallsteps'],
    'kids-first': ['Kids First', 'Kids First COP Groep'],
    humankind: ['Humankind'],
    compananny: ['CompaNanny'],
    kober: ['^Kober'],
    doomijn: ['Doomijn'],
    kibeo: ['Kibeo'],
    skar: ['^SKAR'],
    korein: ['Korein'],
    'dak-kindercentra': ['Dak Kindercentra', 'Dak Kinderopvang'],
    catalpa: ['Catalpa'],
    norlandia: ['Norlandia'],
    kindergarden: ['KinderGarden'],
    'spring-kinderopvang': ['Spring Kinderopvang'],
    'sinne-kinderopvang': ['Sinne Kinderopvang'],
    'ska-kinderopvang': ['SKA Kinderopvang'],
    'wij-zijn-jong': ['Wij zijn JONG'],
    'kinderopvang-2samen': ['2Samen'],
    prokino: ['Prokino'],
    'kinderopvang-mik': ['MIK Kindercentra'],
    'bink-kinderopvang': ['Bink Kinderopvang'],
  }),
  ...businessTypes(
    'expenses.childcare',
    ['kinderopvang', 'kinderdagverblijf', 'kindercentrum', 'kindercentra', 'bso', 'buitenschoolse opvang', 'gastouderbureau', 'gastouder', 'peuterspeelzaal', 'peuteropvang', 'creche', 'naschoolse opvang'],
    0.85,
  ),
];
