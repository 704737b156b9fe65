/** Common Dutch first names (and a few international ones common in the Netherlands), folded, to tell "Sanne Bakker" from "Pizza Roma". */
export const firstNames: readonly string[] = [
  'aafke', 'aart', 'abdel', 'abdullah', 'adam', 'adriaan', 'ahmed', 'aisha', 'albert', 'alex', 'alexander', 'ali', 'amber', 'amy', 'anna', 'anne',
  'anneke', 'annemarie', 'annet', 'anouk', 'ans', 'anton', 'arie', 'arjan', 'arjen', 'arnold', 'astrid', 'bart', 'bas', 'bastiaan', 'ben', 'bernard',
  'bert', 'bianca', 'bram', 'brenda', 'britt', 'carla', 'carlijn', 'carolien', 'caroline', 'cees', 'charlotte', 'chantal', 'chris', 'christiaan',
  'claudia', 'corine', 'cornelis', 'daan', 'daniel', 'danielle', 'david', 'dennis', 'diana', 'dick', 'dirk', 'dominique', 'douwe', 'dylan', 'ed',
  'edwin', 'eline', 'elise', 'ellen', 'els', 'emma', 'erik', 'erwin', 'esther', 'eva', 'evelien', 'fatima', 'femke', 'fleur', 'floor', 'frank',
  'frans', 'freek', 'gerard', 'gerrit', 'gert', 'gijs', 'hans', 'hanna', 'hannah', 'harm', 'hassan', 'hendrik', 'henk', 'herman', 'hugo', 'ilse',
  'ingrid', 'inge', 'iris', 'jaap', 'jacob', 'jan', 'janneke', 'jans', 'jasper', 'jelle', 'jeroen', 'jesse', 'jessica', 'joep', 'johan', 'johanna',
  'john', 'jolanda', 'joost', 'jop', 'jordi', 'joris', 'jos', 'josephine', 'joyce', 'judith', 'julia', 'julian', 'karin', 'kees', 'kevin', 'kim',
  'klaas', 'koen', 'kristel', 'lars', 'laura', 'lauren', 'lieke', 'lisa', 'lisanne', 'lotte', 'louise', 'lucas', 'luuk', 'maaike', 'maarten',
  'manon', 'marc', 'marcel', 'marco', 'margreet', 'maria', 'marieke', 'marijke', 'mark', 'marloes', 'martijn', 'martin', 'mathijs', 'max', 'mees',
  'melissa', 'merel', 'michael', 'michel', 'michiel', 'milan', 'mirjam', 'mohamed', 'mohammed', 'monique', 'naomi', 'nathalie', 'niels', 'nienke',
  'nina', 'noah', 'noor', 'nora', 'olivier', 'patrick', 'paul', 'peter', 'petra', 'pieter', 'priscilla', 'rachid', 'ramon', 'richard', 'rick',
  'rik', 'rob', 'robert', 'robin', 'roel', 'ronald', 'roos', 'rosa', 'ruben', 'rutger', 'ruud', 'sam', 'sander', 'sandra', 'sanne', 'sara',
  'sarah', 'sem', 'simone', 'sjoerd', 'sofie', 'sophie', 'stefan', 'stephanie', 'suzanne', 'sven', 'thijs', 'thomas', 'tim', 'tom', 'tessa',
  'teun', 'tijn', 'ton', 'twan', 'vera', 'wendy', 'willem', 'wim', 'wouter', 'yara', 'yasmin', 'yvonne', 'zoe',
];
