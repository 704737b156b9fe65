/**
 * Dutch places as card terminals and bank statements append them to a merchant name
 * ("JUMBO 5678 UTRECHT"), folded and lower-cased like normalised names.
 */
export const dutchPlaces: readonly string[] = [
  'amsterdam', 'amsterdam zuidoost', 'rotterdam', 'den haag', 's gravenhage', 'gravenhage', 'the hague', 'utrecht', 'eindhoven', 'groningen',
  'tilburg', 'almere', 'breda', 'nijmegen', 'apeldoorn', 'haarlem', 'arnhem', 'enschede', 'amersfoort', 'zaanstad', 'zaandam',
  'haarlemmermeer', 'hoofddorp', 'nieuw vennep', 's hertogenbosch', 'hertogenbosch', 'den bosch', 'zwolle', 'zoetermeer', 'leiden',
  'maastricht', 'dordrecht', 'ede', 'alphen aan den rijn', 'alphen ad rijn', 'leeuwarden', 'alkmaar', 'emmen', 'westland', 'naaldwijk',
  'delft', 'venlo', 'deventer', 'sittard', 'geleen', 'helmond', 'oss', 'amstelveen', 'hilversum', 'sneek', 'heerlen', 'spijkenisse',
  'hengelo', 'purmerend', 'schiedam', 'lelystad', 'vlaardingen', 'almelo', 'gouda', 'hoorn', 'assen', 'ijmuiden', 'velsen',
  'veenendaal', 'zeist', 'katwijk', 'capelle aan den ijssel', 'capelle ad ijssel', 'capelle', 'nieuwegein', 'roosendaal', 'den helder',
  'harderwijk', 'doetinchem', 'barneveld', 'bussum', 'naarden', 'hoogeveen', 'oosterhout', 'terneuzen', 'kampen', 'woerden',
  'heerenveen', 'middelburg', 'vlissingen', 'houten', 'soest', 'ijsselstein', 'waalwijk', 'rijswijk', 'wijchen', 'veldhoven',
  'nijkerk', 'zutphen', 'tiel', 'weert', 'roermond', 'kerkrade', 'goes', 'bergen op zoom', 'schagen', 'diemen', 'hellevoetsluis',
  'culemborg', 'wageningen', 'drachten', 'meppel', 'winterswijk', 'steenwijk', 'waddinxveen', 'ridderkerk', 'barendrecht',
  'zwijndrecht', 'papendrecht', 'gorinchem', 'krimpen aan den ijssel', 'maassluis', 'voorburg', 'leidschendam', 'wassenaar',
  'noordwijk', 'lisse', 'hillegom', 'heemstede', 'zandvoort', 'beverwijk', 'heemskerk', 'castricum', 'heerhugowaard', 'enkhuizen',
  'volendam', 'edam', 'weesp', 'huizen', 'baarn', 'maarssen', 'bunnik', 'de bilt', 'bilthoven', 'leusden', 'driebergen', 'rhenen',
  'boxtel', 'best', 'nuenen', 'geldrop', 'valkenswaard', 'uden', 'veghel', 'cuijk', 'boxmeer', 'vught', 'dongen', 'rosmalen',
  'zaltbommel', 'schiphol', 'badhoevedorp', 'uithoorn', 'aalsmeer', 'abcoude', 'breukelen', 'oegstgeest', 'voorschoten',
  'pijnacker', 'nootdorp', 'berkel en rodenrijs', 'bleiswijk', 'zevenbergen', 'etten leur', 'bergschenhoek', 'hendrik ido ambacht',
  'sliedrecht', 'leerdam', 'vianen', 'beesd', 'doorn', 'emmeloord', 'dronten', 'zeewolde', 'elburg', 'epe', 'ermelo', 'putten',
  'zevenaar', 'duiven', 'velp', 'oosterbeek', 'renkum', 'druten', 'beuningen', 'malden', 'groesbeek', 'venray', 'horst', 'panningen',
  'brunssum', 'landgraaf', 'valkenburg', 'meerssen', 'stein', 'echt', 'oldenzaal', 'borne', 'losser', 'rijssen', 'nijverdal',
  'raalte', 'ommen', 'dalfsen', 'hardenberg', 'coevorden', 'stadskanaal', 'veendam', 'winschoten', 'hoogezand', 'delfzijl',
  'haren', 'zuidhorn', 'franeker', 'harlingen', 'dokkum', 'joure', 'wolvega', 'bolsward', 'terschelling', 'texel', 'den burg',
  'hoek van holland', 'brielle', 'oud beijerland', 'middelharnis', 'zierikzee', 'hulst', 'oostburg', 'vlijmen', 'drunen', 'heusden',
  'kaatsheuvel', 'waspik', 'gilze', 'rijen', 'oisterwijk', 'goirle', 'hilvarenbeek', 'eersel', 'bladel', 'oirschot', 'schijndel',
  'sint oedenrode', 'son en breugel', 'mierlo', 'deurne', 'asten', 'someren', 'nederweert', 'budel', 'bergeijk',
];
