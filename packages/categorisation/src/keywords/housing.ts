/** Keywords of housing costs: rent, mortgage, owners' associations, energy, water and local taxes. */
import { spending } from './spec';

export const housingKeywords = [
  spending(['huur', 'maandhuur', 'kale huur', 'huurpenningen', 'huurbetaling', 'huurprijs', 'kamerhuur', 'huur woning', 'woninghuur', 'huur appartement', 'huur kamer', 'huurachterstand', 'huur en servicekosten'], 'expenses.housing.rent', 0.8, { id: 'huur' }),
  spending(['rent', 'rental payment', 'monthly rent'], 'expenses.housing.rent', 0.65),
  spending(['servicekosten'], 'expenses.housing.rent', 0.6),
  spending(['hypothe*', 'annuiteit', 'maandlast hypotheek'], 'expenses.housing.mortgage', 0.85, { id: 'hypotheek' }),
  spending(['vve', 'vve bijdrage', 'vve contributie', 'bijdrage vve', 'vereniging van eigenaren'], 'expenses.housing.mortgage.owners-association', 0.8),
  spending(['erfpacht*'], 'expenses.housing.mortgage.ground-lease', 0.85),
  spending(['energie', 'energierekening', 'energiekosten', 'energielevering', 'voorschot energie', 'termijnbedrag energie', 'stroom', 'elektriciteit', 'electriciteit', 'gas en licht', 'gas en stroom', 'stadsverwarming', 'warmtelevering', 'electricity', 'energy', 'netbeheer*'], 'expenses.housing.energy', 0.75, { id: 'energie' }),
  spending(['gas', 'warmte'], 'expenses.housing.energy', 0.55),
  spending(['drinkwater', 'waterrekening', 'waterlevering', 'watergebruik', 'waterverbruik'], 'expenses.housing.water', 0.8, { id: 'water' }),
  spending(['water'], 'expenses.housing.water', 0.55, { id: 'water-word' }),
  spending(
    ['gemeentelijke belastingen', 'gemeentebelasting*', 'gemeentelijke heffingen', 'waterschapsbelasting*', 'waterschapslasten', 'afvalstoffenheffing', 'rioolheffing', 'ozb', 'onroerende zaakbelasting', 'onroerendezaakbelasting', 'hondenbelasting', 'zuiveringsheffing', 'watersysteemheffing', 'verontreinigingsheffing', 'reinigingsrecht*', 'rioolrecht', 'aanslag gemeentelijke belastingen'],
    'expenses.housing.local-taxes',
    0.85,
    { id: 'local-taxes' },
  ),
];
