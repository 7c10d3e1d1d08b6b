export type MaterialSeed = {
  category: string; // key, exactly as used in the database
  nameEn: string;
  nameFr: string;
  descriptionEn: string; // paragraphs separated by "|"
  descriptionFr: string; // paragraphs separated by "|"
  preparationNoteEn: string; // numbered-list items separated by "|"
  preparationNoteFr: string; // numbered-list items separated by "|"
  itemsEn: string; // everyday names residents search for, separated by "|" (searched, not shown)
  itemsFr: string; // everyday names residents search for, separated by "|" (searched, not shown)
  icon: string;
  color: string;
  sortOrder: number;
};

export const MATERIALS: MaterialSeed[] = [
  {
    category: "architectural_items",
    nameEn: "Architectural Items",
    nameFr: "Éléments architecturaux",
    descriptionEn:
      "Small salvaged building pieces in good condition: door and cabinet handles, knobs, hinges, light switch and outlet cover plates, decorative mouldings cut to size, ceramic tiles, light fixtures without bulbs, faucets and small hardware.|These items are sorted by hand and sent to architectural salvage and reuse partners, where they are resold at low cost to people renovating older homes. Giving them a second life keeps heritage pieces in circulation and out of the landfill.|NOT ACCEPTED: construction and demolition debris (drywall, concrete, bricks, insulation), windows and glass panes, items containing asbestos or lead paint that is flaking, and anything longer than the bag or too heavy to carry safely.",
    descriptionFr:
      "Petites pièces de bâtiment récupérées en bon état : poignées de porte et d’armoire, boutons, charnières, plaques d’interrupteur et de prise, moulures décoratives coupées, carreaux de céramique, luminaires sans ampoule, robinets et petite quincaillerie.|Ces articles sont triés à la main et acheminés vers des partenaires en récupération architecturale et en réemploi, qui les revendent à petit prix aux gens qui rénovent des maisons anciennes. Leur donner une deuxième vie garde les pièces patrimoniales en circulation et hors de l’enfouissement.|NON ACCEPTÉ : débris de construction et de démolition (gypse, béton, briques, isolant), fenêtres et panneaux de verre, articles contenant de l’amiante ou recouverts de peinture au plomb qui s’écaille, et tout objet plus long que le sac ou trop lourd pour être transporté de façon sécuritaire.",
    preparationNoteEn:
      "Remove nails, screws and loose debris, and brush off dust and plaster|Wrap sharp edges and fragile pieces such as tiles in newspaper or cardboard|Group small hardware (knobs, hinges, screws) in a closed container or small bag|Place everything in a reusable 20-30 L bag outside your door before 8:00 AM",
    preparationNoteFr:
      "Retirez les clous, les vis et les débris, puis enlevez la poussière et le plâtre|Emballez les arêtes coupantes et les pièces fragiles, comme les carreaux, dans du papier journal ou du carton|Regroupez la petite quincaillerie (boutons, charnières, vis) dans un contenant fermé ou un petit sac|Déposez le tout dans un sac réutilisable de 20 à 30 L devant votre porte avant 8 h",
    itemsEn:
      "door handle|cabinet knob|drawer pull|door knob|hinge|light switch plate|outlet cover|moulding|trim|ceramic tile|bathroom tile|light fixture|ceiling lamp|sconce|faucet|tap|shower head|towel bar|coat hook|door stopper|house number|hardware",
    itemsFr:
      "poignée de porte|bouton d’armoire|poignée de tiroir|charnière|plaque d’interrupteur|plaque de prise|moulure|carreau de céramique|tuile|luminaire|plafonnier|applique murale|robinet|pomme de douche|porte-serviette|crochet|butoir de porte|numéro de maison|quincaillerie",
    icon: "wrench",
    color: "brown",
    sortOrder: 12,
  },
  {
    category: "batteries",
    nameEn: "Batteries",
    nameFr: "Piles et batteries",
    descriptionEn:
      "Household single-use and rechargeable batteries: AA, AAA, C, D, 9 V and button cells, as well as lithium-ion, nickel-metal hydride (Ni-MH) and nickel-cadmium (Ni-Cd) batteries from phones, cameras, power tools, laptops and e-bikes.|Batteries are sent to certified recyclers that recover metals such as zinc, nickel, cobalt, lithium and steel for new products. Recycling them also keeps heavy metals and fire hazards out of garbage trucks and landfills.|NOT ACCEPTED: damaged, leaking or swollen batteries, batteries with liquid electrolyte (for example car, boat or other lead-acid batteries), and any battery weighing more than 5 kg. Each battery must weigh 5 kg or less. Bring these to an ecocentre or a specialised drop-off point instead.",
    descriptionFr:
      "Piles et batteries domestiques, jetables ou rechargeables : AA, AAA, C, D, 9 V et piles bouton, ainsi que les batteries lithium-ion, nickel-métal-hydrure (Ni-MH) et nickel-cadmium (Ni-Cd) provenant de cellulaires, d’appareils photo, d’outils électriques, d’ordinateurs portables et de vélos électriques.|Les piles sont acheminées vers des recycleurs certifiés qui récupèrent des métaux comme le zinc, le nickel, le cobalt, le lithium et l’acier pour fabriquer de nouveaux produits. Les recycler permet aussi de garder les métaux lourds et les risques d’incendie hors des camions à ordures et des sites d’enfouissement.|NON ACCEPTÉ : piles et batteries endommagées, qui fuient ou qui sont gonflées, batteries à électrolyte liquide (par exemple les batteries d’auto, de bateau ou toute autre batterie au plomb-acide) et toute batterie de plus de 5 kg. Chaque batterie doit peser 5 kg ou moins. Apportez plutôt ces articles à un écocentre ou à un point de dépôt spécialisé.",
    preparationNoteEn:
      "Cover the terminals of lithium and 9 V batteries with clear tape to prevent short circuits|Put all batteries together in a clear, sealed plastic bag|Keep them dry and away from heat until pickup day|Place the bag inside your reusable 20-30 L bag outside your door before 8:00 AM",
    preparationNoteFr:
      "Recouvrez les bornes des piles au lithium et des piles de 9 V avec du ruban adhésif transparent pour éviter les courts-circuits|Mettez toutes les piles ensemble dans un sac de plastique transparent bien fermé|Gardez-les au sec et loin de la chaleur jusqu’au jour de la collecte|Placez ce sac dans votre sac réutilisable de 20 à 30 L devant votre porte avant 8 h",
    itemsEn:
      "AA battery|AAA battery|C battery|D battery|9V battery|button cell|watch battery|coin cell|rechargeable battery|lithium battery|lithium-ion battery|phone battery|cellphone battery|laptop battery|camera battery|power tool battery|drill battery|e-bike battery|scooter battery|power bank|hearing aid battery|remote control batteries",
    itemsFr:
      "pile AA|pile AAA|pile C|pile D|pile 9 V|pile bouton|pile de montre|pile rechargeable|pile au lithium|batterie lithium-ion|batterie de cellulaire|batterie de téléphone|batterie d’ordinateur portable|batterie d’appareil photo|batterie d’outil électrique|batterie de perceuse|batterie de vélo électrique|batterie de trottinette|chargeur portatif|pile d’appareil auditif|piles de télécommande",
    icon: "battery",
    color: "yellow",
    sortOrder: 1,
  },
  {
    category: "chopsticks",
    nameEn: "Chopsticks",
    nameFr: "Baguettes",
    descriptionEn:
      "Used wooden and bamboo chopsticks, including disposable take-out chopsticks, as well as wooden skewers and coffee stir sticks.|Chopsticks are cleaned, dried and turned into new products such as coasters, tiles, furniture panels and other small wood items by our upcycling partners, giving a durable second life to wood that is usually used only once.|NOT ACCEPTED: plastic, metal or lacquered chopsticks, broken pieces shorter than 10 cm, paper sleeves and wrappers, and chopsticks that are mouldy.",
    descriptionFr:
      "Baguettes usagées en bois ou en bambou, y compris les baguettes jetables des commandes pour emporter, ainsi que les brochettes en bois et les bâtonnets à café.|Les baguettes sont nettoyées, séchées puis transformées par nos partenaires en surcyclage en nouveaux produits, comme des sous-verres, des carreaux, des panneaux de mobilier et d’autres petits objets en bois. Du bois souvent utilisé une seule fois obtient ainsi une deuxième vie durable.|NON ACCEPTÉ : baguettes en plastique, en métal ou laquées, morceaux brisés de moins de 10 cm, pochettes et emballages de papier, et baguettes moisies.",
    preparationNoteEn:
      "Rinse off food residue and let the chopsticks dry completely|Remove paper sleeves and any plastic wrapping|Bundle them with an elastic band or put them in a paper bag inside your reusable 20-30 L bag",
    preparationNoteFr:
      "Rincez les résidus de nourriture et laissez les baguettes sécher complètement|Retirez les pochettes de papier et tout emballage de plastique|Attachez-les avec un élastique ou mettez-les dans un sac de papier à l’intérieur de votre sac réutilisable de 20 à 30 L",
    itemsEn:
      "wooden chopsticks|bamboo chopsticks|disposable chopsticks|take-out chopsticks|sushi chopsticks|skewers|barbecue skewers|kebab sticks|coffee stir sticks|stirrers|popsicle sticks",
    itemsFr:
      "baguettes en bois|baguettes en bambou|baguettes jetables|baguettes de sushi|brochettes|brochettes de barbecue|bâtonnets à café|bâtonnets à mélanger|bâtons de popsicle|bâtonnets de sucette glacée",
    icon: "utensils",
    color: "amber",
    sortOrder: 11,
  },
  {
    category: "electronic_tech_waste",
    nameEn: "Electronics & Tech Waste",
    nameFr: "Appareils électroniques et déchets technologiques",
    descriptionEn:
      "Small electronics that fit inside the bag: cell phones, tablets, small laptops, chargers and cables, keyboards, mice, headphones, routers and modems, hard drives, USB keys, digital cameras, game controllers and small household gadgets such as electric toothbrushes or hair clippers.|Working devices are refurbished and given a second life through reuse partners. The others are dismantled by certified electronics recyclers, who recover copper, gold, aluminium, plastics and glass while handling hazardous components safely.|NOT ACCEPTED: large appliances (refrigerators, stoves, washers, air conditioners), televisions and monitors, microwaves, and any device that does not fit completely inside a 20-30 L bag.",
    descriptionFr:
      "Petits appareils électroniques qui entrent dans le sac : cellulaires, tablettes, petits ordinateurs portables, chargeurs et câbles, claviers, souris, écouteurs, routeurs et modems, disques durs, clés USB, appareils photo numériques, manettes de jeu et petits appareils comme les brosses à dents électriques ou les tondeuses à cheveux.|Les appareils fonctionnels sont remis à neuf et obtiennent une deuxième vie grâce à nos partenaires en réemploi. Les autres sont démontés par des recycleurs certifiés, qui récupèrent le cuivre, l’or, l’aluminium, le plastique et le verre tout en gérant les composants dangereux de façon sécuritaire.|NON ACCEPTÉ : gros électroménagers (réfrigérateurs, cuisinières, laveuses, climatiseurs), téléviseurs et écrans, fours à micro-ondes, et tout appareil qui n’entre pas complètement dans un sac de 20 à 30 L.",
    preparationNoteEn:
      "Back up your files, then sign out of your accounts and do a factory reset to wipe your personal data|Remove batteries when possible and pack them separately, following the battery instructions|Wrap screens and fragile devices in a towel or bubble wrap and coil cables with a twist tie|Place everything in a reusable 20-30 L bag outside your door before 8:00 AM",
    preparationNoteFr:
      "Sauvegardez vos fichiers, puis déconnectez-vous de vos comptes et faites une réinitialisation aux paramètres d’usine pour effacer vos données personnelles|Retirez les piles lorsque c’est possible et emballez-les séparément en suivant les consignes pour les piles|Enveloppez les écrans et les appareils fragiles dans une serviette ou du papier bulle, et enroulez les câbles avec une attache|Déposez le tout dans un sac réutilisable de 20 à 30 L devant votre porte avant 8 h",
    itemsEn:
      "cellphone|cell phone|mobile phone|smartphone|telephone|phone|cordless phone|iPhone|tablet|iPad|laptop|notebook computer|charger|cable|USB cable|power adapter|keyboard|mouse|headphones|earbuds|headset|router|modem|hard drive|USB key|flash drive|digital camera|game controller|gamepad|electric toothbrush|hair clipper|shaver|e-reader|GPS|smartwatch|speaker|webcam",
    itemsFr:
      "cellulaire|téléphone cellulaire|téléphone intelligent|téléphone|téléphone sans fil|iPhone|tablette|iPad|ordinateur portable|portable|chargeur|câble|câble USB|adaptateur|clavier|souris|écouteurs|casque d’écoute|routeur|modem|disque dur|clé USB|appareil photo numérique|caméra|manette de jeu|brosse à dents électrique|tondeuse à cheveux|rasoir électrique|liseuse|GPS|montre intelligente|haut-parleur|webcam",
    icon: "laptop",
    color: "indigo",
    sortOrder: 2,
  },
  {
    category: "household_paint",
    nameEn: "Household Paint",
    nameFr: "Peinture domestique",
    descriptionEn:
      "Leftover household paint in its original, tightly sealed container: latex and alkyd (oil-based) interior and exterior paint, primers, stains, varnishes and wood finishes, in cans of up to 4 L.|Usable paint is sorted by colour and type, then remixed into recycled paint sold at an affordable price. Metal and plastic cans are recycled, and paint that cannot be reused is safely recovered or treated by specialised facilities.|NOT ACCEPTED: empty, rusted or leaking cans, unlabelled or non-original containers, aerosol spray paint, solvents and thinners, industrial or automotive paint, and dried-out paint.",
    descriptionFr:
      "Restes de peinture domestique dans leur contenant d’origine bien fermé : peinture au latex et alkyde (à l’huile) pour l’intérieur et l’extérieur, apprêts, teintures, vernis et produits de finition pour le bois, en contenants de 4 L ou moins.|La peinture réutilisable est triée par couleur et par type, puis remélangée pour produire de la peinture recyclée vendue à prix abordable. Les contenants de métal et de plastique sont recyclés, et la peinture qui ne peut être réutilisée est valorisée ou traitée de façon sécuritaire par des installations spécialisées.|NON ACCEPTÉ : contenants vides, rouillés ou qui fuient, contenants sans étiquette ou qui ne sont pas d’origine, peinture en aérosol, solvants et diluants, peinture industrielle ou pour automobile, et peinture séchée.",
    preparationNoteEn:
      "Make sure each lid is firmly closed; tap it down with a rubber mallet if needed|Keep the original label visible so the product can be identified|Stand the cans upright in your reusable 20-30 L bag, wedged with cardboard or newspaper so they cannot tip|Place the bag outside your door before 8:00 AM, out of direct sun in summer and protected from freezing in winter",
    preparationNoteFr:
      "Assurez-vous que chaque couvercle est bien fermé; au besoin, enfoncez-le avec un maillet de caoutchouc|Gardez l’étiquette d’origine visible pour que le produit puisse être identifié|Placez les contenants debout dans votre sac réutilisable de 20 à 30 L, calés avec du carton ou du papier journal pour qu’ils ne se renversent pas|Déposez le sac devant votre porte avant 8 h, à l’abri du soleil en été et du gel en hiver",
    itemsEn:
      "paint can|leftover paint|latex paint|acrylic paint|oil-based paint|alkyd paint|primer|stain|wood stain|varnish|wood finish|deck stain|interior paint|exterior paint",
    itemsFr:
      "pot de peinture|gallon de peinture|restes de peinture|peinture au latex|peinture acrylique|peinture à l’huile|peinture alkyde|apprêt|teinture|teinture à bois|vernis|produit de finition|teinture de patio|peinture d’intérieur|peinture d’extérieur",
    icon: "paint-bucket",
    color: "red",
    sortOrder: 3,
  },
  {
    category: "office_supplies",
    nameEn: "Office Supplies",
    nameFr: "Fournitures de bureau",
    descriptionEn:
      "Used and leftover office and school supplies: pens, markers, highlighters and mechanical pencils (empty or not), binders, file folders, staplers, hole punches, rulers, calculators without batteries, and empty ink and toner cartridges.|Supplies that still work are donated to schools, community organisations and day camps. Empty writing instruments and cartridges are sent to specialised recyclers that separate plastics and metals, and cartridges are refilled whenever possible.|NOT ACCEPTED: paper and cardboard (use your regular recycling bin), shredded documents, office furniture, printers and other electronics (see Electronics & Tech Waste), and liquid correction fluid or glue.",
    descriptionFr:
      "Fournitures de bureau et scolaires usagées ou en surplus : stylos, marqueurs, surligneurs et portemines (vides ou non), cartables, chemises de classement, agrafeuses, perforatrices, règles, calculatrices sans piles, et cartouches d’encre et de toner vides.|Les fournitures encore utilisables sont données à des écoles, à des organismes communautaires et à des camps de jour. Les instruments d’écriture vides et les cartouches sont envoyés à des recycleurs spécialisés qui séparent les plastiques et les métaux, et les cartouches sont rechargées lorsque c’est possible.|NON ACCEPTÉ : papier et carton (utilisez votre bac de recyclage habituel), documents déchiquetés, mobilier de bureau, imprimantes et autres appareils électroniques (voir Appareils électroniques et déchets technologiques), ainsi que correcteur liquide et colle.",
    preparationNoteEn:
      "Separate items that still work from empty or broken ones|Remove paper from binders and batteries from calculators|Put ink and toner cartridges in a sealed plastic bag to prevent leaks|Place everything in a reusable 20-30 L bag outside your door before 8:00 AM",
    preparationNoteFr:
      "Séparez les articles encore fonctionnels de ceux qui sont vides ou brisés|Retirez les feuilles des cartables et les piles des calculatrices|Mettez les cartouches d’encre et de toner dans un sac de plastique fermé pour éviter les fuites|Déposez le tout dans un sac réutilisable de 20 à 30 L devant votre porte avant 8 h",
    itemsEn:
      "pen|ballpoint pen|marker|felt pen|highlighter|mechanical pencil|pencil|binder|file folder|stapler|hole punch|ruler|calculator|ink cartridge|toner cartridge|printer cartridge|glue stick|tape dispenser|scissors|school supplies",
    itemsFr:
      "stylo|crayon|crayon à bille|marqueur|feutre|surligneur|portemine|cartable|reliure|chemise de classement|agrafeuse|perforatrice|règle|calculatrice|cartouche d’encre|cartouche de toner|cartouche d’imprimante|bâton de colle|dévidoir de ruban|ciseaux|fournitures scolaires",
    icon: "briefcase",
    color: "gray",
    sortOrder: 10,
  },
  {
    category: "plastic_toys",
    nameEn: "Plastic Toys",
    nameFr: "Jouets en plastique",
    descriptionEn:
      "Hard plastic toys of all kinds: building blocks, action figures, dolls, toy cars and trucks, play kitchen accessories, sand and bath toys, puzzles with plastic pieces and board game pieces.|Toys in good condition are cleaned and donated to families, daycares and community organisations. Broken toys are sorted by plastic type and recycled into new materials instead of ending up in the landfill.|NOT ACCEPTED: plush and fabric toys (see Textiles & Clothing), ride-on toys and large playsets that do not fit in the bag, inflatable toys, and toys with batteries or electronic parts still inside (remove the batteries first).",
    descriptionFr:
      "Jouets en plastique rigide de toutes sortes : blocs de construction, figurines, poupées, petites voitures et camions, accessoires de cuisinette, jouets de plage et de bain, casse-têtes à pièces de plastique et pièces de jeux de société.|Les jouets en bon état sont nettoyés et donnés à des familles, à des garderies et à des organismes communautaires. Les jouets brisés sont triés par type de plastique et recyclés en nouvelles matières plutôt que de finir à l’enfouissement.|NON ACCEPTÉ : jouets en peluche ou en tissu (voir Textiles et vêtements), jouets porteurs et grandes structures de jeu qui n’entrent pas dans le sac, jouets gonflables, et jouets contenant encore des piles ou des composants électroniques (retirez d’abord les piles).",
    preparationNoteEn:
      "Wash or wipe the toys and let them dry|Remove batteries and pack them separately, following the battery instructions|Keep small pieces and sets together in a closed bag or container|Place everything in a reusable 20-30 L bag outside your door before 8:00 AM",
    preparationNoteFr:
      "Lavez ou essuyez les jouets et laissez-les sécher|Retirez les piles et emballez-les séparément en suivant les consignes pour les piles|Gardez les petites pièces et les ensembles regroupés dans un sac ou un contenant fermé|Déposez le tout dans un sac réutilisable de 20 à 30 L devant votre porte avant 8 h",
    itemsEn:
      "Lego|building blocks|action figure|doll|Barbie|toy car|toy truck|play kitchen|sand toys|bath toys|puzzle|board game pieces|plastic toy|rattle|toy dinosaur",
    itemsFr:
      "Lego|blocs de construction|figurine|poupée|Barbie|petite voiture|camion jouet|cuisinette|jouets de plage|jouets de bain|casse-tête|pièces de jeu de société|jouet en plastique|hochet|dinosaure jouet",
    icon: "gamepad-2",
    color: "purple",
    sortOrder: 7,
  },
  {
    category: "prescription_glasses_and_prescription_sunglasses",
    nameEn: "Prescription Glasses & Sunglasses",
    nameFr: "Lunettes de prescription et lunettes de soleil",
    descriptionEn:
      "Prescription eyeglasses, prescription sunglasses and reading glasses for adults and children, with or without lenses, including metal and plastic frames and glasses cases.|Glasses in good condition are cleaned, measured and donated through partner organisations that provide free eye care to people in need here and abroad. Frames that cannot be reused are taken apart so their metal and plastic can be recycled.|NOT ACCEPTED: contact lenses and their solutions, broken loose lenses without a frame, and virtual reality or 3D glasses.",
    descriptionFr:
      "Lunettes de prescription, lunettes de soleil de prescription et lunettes de lecture pour adultes et enfants, avec ou sans verres, y compris les montures en métal et en plastique et les étuis à lunettes.|Les lunettes en bon état sont nettoyées, mesurées et données par l’entremise d’organismes partenaires qui offrent des soins de la vue gratuits à des personnes dans le besoin, ici et à l’étranger. Les montures qui ne peuvent pas être réutilisées sont démontées afin que le métal et le plastique soient recyclés.|NON ACCEPTÉ : lentilles cornéennes et leurs solutions, verres brisés ou détachés sans monture, et lunettes de réalité virtuelle ou 3D.",
    preparationNoteEn:
      "Clean the lenses and frames with a soft cloth|Put each pair in a hard case, or wrap it in a soft cloth or bubble wrap to protect the lenses|Place the glasses on top of your reusable 20-30 L bag so they are not crushed, and set it outside your door before 8:00 AM",
    preparationNoteFr:
      "Nettoyez les verres et les montures avec un chiffon doux|Mettez chaque paire dans un étui rigide ou enveloppez-la dans un chiffon doux ou du papier bulle pour protéger les verres|Placez les lunettes sur le dessus de votre sac réutilisable de 20 à 30 L pour éviter qu’elles soient écrasées, et déposez-le devant votre porte avant 8 h",
    itemsEn:
      "eyeglasses|glasses|spectacles|prescription glasses|reading glasses|sunglasses|prescription sunglasses|frames|glasses case|children's glasses",
    itemsFr:
      "lunettes|lunettes de vue|lunettes de prescription|lunettes de lecture|lunettes de soleil|verres|montures|étui à lunettes|lunettes pour enfants",
    icon: "glasses",
    color: "teal",
    sortOrder: 6,
  },
  {
    category: "shoes",
    nameEn: "Shoes",
    nameFr: "Chaussures",
    descriptionEn:
      "Footwear for adults and children in any condition: running shoes, dress shoes, boots, winter boots, sandals, slippers, cleats and skates without blades.|Wearable pairs are sorted and passed on to reuse partners and thrift stores. Worn-out shoes are ground down and their rubber, foam and textile fibres are recycled into products such as playground surfaces, sports flooring and insulation.|NOT ACCEPTED: ice skates with blades still attached, ski and snowboard boots, rollerblades, and shoes that are wet, mouldy or soiled with chemicals.",
    descriptionFr:
      "Chaussures pour adultes et enfants, peu importe leur état : espadrilles, souliers habillés, bottes, bottes d’hiver, sandales, pantoufles, chaussures à crampons et patins sans lames.|Les paires encore portables sont triées et remises à des partenaires en réemploi et à des friperies. Les chaussures trop usées sont broyées et leur caoutchouc, leur mousse et leurs fibres textiles sont recyclés en produits comme des surfaces de terrains de jeux, des revêtements de sol sportifs et de l’isolant.|NON ACCEPTÉ : patins dont les lames sont encore fixées, bottes de ski et de planche à neige, patins à roues alignées, et chaussures mouillées, moisies ou souillées de produits chimiques.",
    preparationNoteEn:
      "Knock off mud and make sure the shoes are clean and dry|Tie each pair together by the laces or with an elastic band so they stay matched|Place them in a reusable 20-30 L bag outside your door before 8:00 AM",
    preparationNoteFr:
      "Enlevez la boue et assurez-vous que les chaussures sont propres et sèches|Attachez chaque paire ensemble par les lacets ou avec un élastique pour qu’elles restent jumelées|Déposez-les dans un sac réutilisable de 20 à 30 L devant votre porte avant 8 h",
    itemsEn:
      "sneakers|running shoes|trainers|dress shoes|boots|winter boots|rain boots|sandals|flip-flops|slippers|cleats|high heels|loafers|skates without blades",
    itemsFr:
      "espadrilles|souliers|chaussures de course|souliers habillés|bottes|bottes d’hiver|bottes de pluie|sandales|gougounes|pantoufles|chaussures à crampons|talons hauts|mocassins|patins sans lames",
    icon: "footprints",
    color: "orange",
    sortOrder: 5,
  },
  {
    category: "tennis_balls",
    nameEn: "Tennis Balls",
    nameFr: "Balles de tennis",
    descriptionEn:
      "Used tennis balls, pickleball balls and squash balls, whether they still bounce or have gone flat.|Balls with some bounce left are donated to schools, clubs and animal shelters, or used on chair and walker legs. Worn-out balls are shredded and their rubber and felt are recycled into tennis court surfaces and other sports surfaces.|NOT ACCEPTED: balls soaked in oil or paint, dog toys made of other materials, and golf, baseball or other sports balls.",
    descriptionFr:
      "Balles de tennis, de pickleball et de squash usagées, qu’elles rebondissent encore ou qu’elles soient à plat.|Les balles qui rebondissent encore sont données à des écoles, à des clubs et à des refuges pour animaux, ou installées sous les pattes de chaises et de marchettes. Les balles usées sont déchiquetées, et leur caoutchouc et leur feutre sont recyclés en surfaces de terrains de tennis et en autres surfaces sportives.|NON ACCEPTÉ : balles imbibées d’huile ou de peinture, jouets pour chiens faits d’autres matières, et balles de golf, de baseball ou d’autres sports.",
    preparationNoteEn:
      "Shake off dirt and let wet balls dry completely|Remove the balls from plastic tubes; empty tubes go in your regular recycling bin|Place the balls in a reusable 20-30 L bag outside your door before 8:00 AM",
    preparationNoteFr:
      "Secouez la saleté et laissez sécher complètement les balles mouillées|Sortez les balles de leurs tubes de plastique; les tubes vides vont dans votre bac de recyclage habituel|Déposez les balles dans un sac réutilisable de 20 à 30 L devant votre porte avant 8 h",
    itemsEn: "tennis ball|pickleball ball|squash ball|dead tennis balls|flat tennis balls",
    itemsFr: "balle de tennis|balle de pickleball|balle de squash|balles de tennis usées|balles à plat",
    icon: "tennis-ball",
    color: "lime",
    sortOrder: 9,
  },
  {
    category: "textiles_and_clothing",
    nameEn: "Textiles & Clothing",
    nameFr: "Textiles et vêtements",
    descriptionEn:
      "Clothing and household textiles in any condition: shirts, pants, dresses, coats, sweaters, underwear and socks, bedding, towels, curtains, tablecloths, scarves, hats, belts, handbags and plush toys.|Wearable items are sorted and given to community organisations and thrift stores. Damaged or stained textiles are turned into wiping rags or shredded into fibres for insulation, padding and new yarn, so nothing goes to waste.|NOT ACCEPTED: wet, mouldy or heavily soiled textiles, items contaminated with oil, paint or chemicals, pillows and duvets that do not fit in the bag, mattresses, and carpets.",
    descriptionFr:
      "Vêtements et textiles de maison, peu importe leur état : chandails, pantalons, robes, manteaux, tricots, sous-vêtements et bas, literie, serviettes, rideaux, nappes, foulards, chapeaux, ceintures, sacs à main et toutous.|Les articles portables sont triés et remis à des organismes communautaires et à des friperies. Les textiles endommagés ou tachés sont transformés en chiffons ou effilochés en fibres pour fabriquer de l’isolant, du rembourrage et du nouveau fil; rien ne se perd.|NON ACCEPTÉ : textiles mouillés, moisis ou très souillés, articles contaminés par de l’huile, de la peinture ou des produits chimiques, oreillers et couettes qui n’entrent pas dans le sac, matelas et tapis.",
    preparationNoteEn:
      "Make sure items are clean and completely dry|Fold them and pair up socks and gloves|Empty all pockets|Place everything in a reusable 20-30 L bag outside your door before 8:00 AM",
    preparationNoteFr:
      "Assurez-vous que les articles sont propres et complètement secs|Pliez-les et jumelez les bas et les gants|Videz toutes les poches|Déposez le tout dans un sac réutilisable de 20 à 30 L devant votre porte avant 8 h",
    itemsEn:
      "jeans|old jeans|denim|t-shirt|shirt|pants|trousers|dress|skirt|coat|jacket|sweater|hoodie|underwear|socks|bedding|sheets|duvet|pillowcase|towel|curtains|tablecloth|scarf|hat|tuque|belt|handbag|purse|stuffed animal|plush toy|gloves|mittens",
    itemsFr:
      "jeans|vieux jeans|denim|t-shirt|chemise|chandail|pantalon|robe|jupe|manteau|veste|tricot|coton ouaté|kangourou|sous-vêtements|bas|chaussettes|literie|draps|couette|taie d’oreiller|serviette|rideaux|nappe|foulard|chapeau|tuque|ceinture|sac à main|toutou|peluche|gants|mitaines",
    icon: "shirt",
    color: "blue",
    sortOrder: 4,
  },
  {
    category: "wine_corks",
    nameEn: "Wine Corks",
    nameFr: "Bouchons de liège",
    descriptionEn:
      "Natural cork stoppers from wine, champagne and sparkling wine bottles, whole or broken, as well as old cork coasters and cork boards without their frame.|Cork is a renewable, compostable material harvested from the bark of the cork oak. Our partners grind the corks into granules that become insulation, flooring, footwear soles and new cork products.|NOT ACCEPTED: synthetic or plastic corks, screw caps, metal cages and foil capsules from champagne bottles, and corks with wax or plastic tops still attached.",
    descriptionFr:
      "Bouchons en liège naturel provenant de bouteilles de vin, de champagne et de mousseux, entiers ou brisés, ainsi que les vieux sous-verres en liège et les tableaux de liège sans cadre.|Le liège est une matière renouvelable et compostable récoltée sur l’écorce du chêne-liège. Nos partenaires broient les bouchons en granules qui servent à fabriquer de l’isolant, des revêtements de sol, des semelles de chaussures et de nouveaux produits en liège.|NON ACCEPTÉ : bouchons synthétiques ou en plastique, capsules à vis, muselets et capsules d’aluminium des bouteilles de champagne, et bouchons auxquels est encore fixée une tête en cire ou en plastique.",
    preparationNoteEn:
      "Remove any metal, foil or plastic parts|Let the corks dry if they are still wet|Put them in a paper bag or small box inside your reusable 20-30 L bag outside your door before 8:00 AM",
    preparationNoteFr:
      "Retirez toute pièce de métal, d’aluminium ou de plastique|Laissez sécher les bouchons s’ils sont encore humides|Mettez-les dans un sac de papier ou une petite boîte à l’intérieur de votre sac réutilisable de 20 à 30 L devant votre porte avant 8 h",
    itemsEn: "wine cork|cork stopper|champagne cork|natural cork|cork coaster|cork board|corkboard",
    itemsFr:
      "bouchon de liège|bouchon de vin|bouchon de champagne|liège naturel|sous-verre en liège|tableau de liège|babillard en liège",
    icon: "wine",
    color: "zinc",
    sortOrder: 8,
  },
];
