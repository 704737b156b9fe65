/** Keywords of everyday spending, insurance, telecom, subscriptions, care, education, giving and gambling. */
import { keyword, spending } from './spec';

export const spendingKeywords = [
  spending(['zorgverzeker*', 'ziektekostenverzeker*', 'zorgpremie', 'basisverzekering', 'aanvullende verzekering', 'tandartsverzekering', 'premie zorgverzekering', 'zorgpolis', 'aanvullend pakket', 'aanvullende zorg', 'tandverzekering', 'health insurance', 'krankenversicherung'], 'expenses.insurance.health', 0.85, { id: 'zorgverzekering' }),
  spending(['eigen risico', 'eigen bijdrage'], 'expenses.health', 0.75),
  spending(
    ['inboedelverzekering', 'opstalverzekering', 'aansprakelijkheidsverzekering', 'avp', 'autoverzekering', 'reisverzekering', 'uitvaartverzekering', 'overlijdensrisicoverzekering', 'levensverzekering', 'rechtsbijstand*', 'woonverzekering', 'brandverzekering', 'fietsverzekering', 'telefoonverzekering', 'dierenverzekering', 'arbeidsongeschiktheidsverzekering', 'aov', 'woonhuisverzekering', 'pakketpolis', 'schadeverzekering', 'annuleringsverzekering', 'motorverzekering', 'bromfietsverzekering', 'scooterverzekering', 'caravanverzekering', 'bootverzekering', 'ongevallenverzekering', 'kostbaarhedenverzekering', 'glasverzekering', 'bedrijfsaansprakelijkheid*', 'beroepsaansprakelijkheid*', 'inventarisverzekering', 'wa verzekering', 'wa casco', 'beperkt casco', 'volledig casco', 'allrisk', 'all risk', 'car insurance', 'home insurance', 'travel insurance', 'liability insurance', 'contents insurance', 'reis en annulering', 'woonpakket', 'gezinspolis', 'alles in een polis'],
    'expenses.insurance.other',
    0.85,
    { id: 'verzekering-soort' },
  ),
  // a package policy listing what it covers ("pakket auto, inboedel, aansprakelijkheid")
  spending(['inboedel', 'opstal', 'aansprakelijkheid', 'casco', 'uitvaart', 'annulering', 'rechtsbijstand'], 'expenses.insurance.other', 0.7, { id: 'verzekering-dekking' }),
  keyword(['verzeker*', 'polis*', 'premie*', 'insurance'], { out: { category: 'expenses.insurance.other', confidence: 0.65 }, in: { category: 'income.refund', confidence: 0.55 } }, { id: 'verzekering' }),
  spending(['mobiel abonnement', 'telefoonabonnement', 'mobiele telefonie', 'telefonie', 'internetabonnement', 'internet', 'tv en internet', 'glasvezel', 'sim only', 'telecom*', 'telefoonrekening'], 'expenses.telecom', 0.7, { id: 'telecom' }),
  spending(['beltegoed', 'prepaid tegoed', 'opwaarderen', 'simkaart'], 'expenses.telecom', 0.6, { id: 'prepaid' }),
  spending(['abonnement*', 'subscription', 'maandabonnement', 'jaarabonnement', 'lidmaatschap', 'membership'], 'expenses.subscriptions', 0.55, { id: 'abonnement', subscription: true }),
  spending(['boodschappen', 'groceries'], 'expenses.groceries', 0.65),
  spending(['restaurant', 'lunch', 'diner', 'etentje', 'borrel', 'afhaal*', 'pizza', 'sushi', 'koffie', 'drankjes'], 'expenses.eating-out', 0.6, { id: 'eten' }),
  spending(['ov chipkaart', 'ov chip', 'treinkaartje', 'treinreis', 'trein', 'ns abonnement', 'ov abonnement', 'buskaart', 'taxi*', 'taxirit'], 'expenses.transport.public', 0.75, { id: 'ov' }),
  spending(['tanken', 'brandstof', 'benzine', 'diesel', 'euro95', 'tankbeurt', 'lpg', 'laadsessie', 'laadpas', 'opladen auto'], 'expenses.transport.fuel', 0.8, { id: 'tanken' }),
  spending(
    ['parkeer*', 'parkeren', 'garagehuur', 'huur garage', 'huur garagebox', 'huur parkeerplaats', 'apk', 'onderhoudsbeurt', 'autoreparatie', 'wegenwacht', 'autowas*', 'kenteken*', 'tolweg', 'vignet', 'autolease', 'private lease'],
    'expenses.transport.car',
    0.85,
    { id: 'auto' },
  ),
  spending(['vakantie', 'vlucht', 'vliegticket*', 'hotel*', 'overnachting*', 'camping', 'reisbureau', 'autohuur', 'huurauto', 'car rental', 'flight', 'toeristenbelasting', 'reissom', 'vakantiehuis'], 'expenses.travel', 0.65, { id: 'reizen' }),
  spending(['bioscoop', 'concert*', 'festival', 'museum*', 'toegangskaart*', 'entreekaart*', 'sportschool', 'fitness', 'contributie', 'zwemles*', 'sportles', 'dansles', 'muziekles', 'fietshuur', 'zaalhuur', 'dierentuin', 'uitje', 'bowlen', 'tickets', 'kaartjes', 'ticket'], 'expenses.leisure', 0.65, { id: 'vrije-tijd' }),
  spending(['collegegeld', 'lesgeld', 'schoolgeld', 'ouderbijdrage', 'vrijwillige ouderbijdrage', 'schoolreis*', 'schoolkamp', 'studieboeken', 'studiemateriaal', 'tuition', 'examengeld', 'rijles*', 'bijles', 'huiswerkbegeleiding', 'inschrijfgeld'], 'expenses.education', 0.8, { id: 'onderwijs' }),
  spending(['cursus*', 'opleiding*', 'training', 'workshop', 'examen'], 'expenses.education', 0.6, { id: 'cursus' }),
  spending(['kinderopvang*', 'bso', 'buitenschoolse opvang', 'naschoolse opvang', 'dagopvang', 'gastouder*', 'peuterspeelzaal', 'peuteropvang', 'kinderdagverblijf', 'creche', 'tso', 'tussenschoolse opvang', 'overblijf*', 'oppas*', 'nanny', 'au pair'], 'expenses.childcare', 0.8, { id: 'kinderopvang' }),
  spending(['donatie*', 'periodieke gift', 'giften', 'schenking', 'collecte', 'kerkbalans', 'goede doel*', 'donation', 'sponsor*', 'doneer*', 'zakat'], 'expenses.charity', 0.8, { id: 'donatie' }),
  spending(['gift'], 'expenses.charity', 0.6),
  spending(['gift card', 'giftcard', 'cadeaukaart', 'cadeaubon'], 'expenses.shopping', 0.75),
  keyword(['loterij*', 'staatslot', 'kraslot*', 'lottery', 'weddenschap*', 'casino', 'poker', 'sportweddenschap'], { out: { category: 'expenses.gambling', confidence: 0.8 }, in: { category: 'income.other.gambling', confidence: 0.7 } }, { id: 'kansspel' }),
  spending(['geldopname', 'geldautomaat', 'opname geldautomaat', 'cash withdrawal', 'atm'], 'expenses.cash', 0.85, { id: 'geldopname' }),
  keyword(['storting', 'contante storting', 'cash deposit', 'kasstorting'], { in: { category: 'income.other.cash-deposit', confidence: 0.6 } }),
  spending(['accountant*', 'boekhoud*', 'administratiekantoor', 'belastingadviseur', 'belastingadvies'], 'expenses.business.professional-services', 0.65, { id: 'administratie' }),
  spending(['notaris*', 'advocaat*', 'advocatenkantoor', 'juridisch advies', 'mediator'], 'expenses.other.legal', 0.65, { id: 'juridisch' }),
  spending(['vakbond*', 'fnv', 'cnv', 'vakbondscontributie'], 'expenses.other.trade-union', 0.8, { id: 'vakbond' }),
  spending(['inkoop', 'leverancier', 'groothandel'], 'expenses.business.supplies', 0.6, { id: 'inkoop' }),
];
