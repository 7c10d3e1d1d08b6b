// The embedded address book of the local (default, offline) address look-up: real Montreal streets with
// house numbers, plausible postal codes for their area and approximate positions. Not a geocoder; it
// lets a fresh install (and the tests) offer suggestions without any network or key.
export type EmbeddedAddress = {
  streetAddress: string;
  city: string;
  postalCode: string;
  lat: number;
  lng: number;
};

type Row = [street: string, postalCode: string, lat: number, lng: number, city?: string];

const ROWS: Row[] = [
  // Rue Saint-Denis, south to north: Quartier latin, Plateau, Petite-Patrie, Villeray.
  ["1430 Rue Saint-Denis", "H2X 3J8", 45.5146, -73.5637],
  ["3450 Rue Saint-Denis", "H2X 3L3", 45.5176, -73.5682],
  ["4350 Rue Saint-Denis", "H2J 2L1", 45.5251, -73.5809],
  ["4480 Rue Saint-Denis", "H2J 2L4", 45.5262, -73.5829],
  ["6560 Rue Saint-Denis", "H2S 2R9", 45.5371, -73.6001],
  ["7355 Rue Saint-Denis", "H2R 2E5", 45.5441, -73.6092],
  // Boulevard Saint-Laurent.
  ["1001 Boulevard Saint-Laurent", "H2Z 1J4", 45.5087, -73.5611],
  ["3895 Boulevard Saint-Laurent", "H2W 1X9", 45.5163, -73.5777],
  ["4127 Boulevard Saint-Laurent", "H2W 1Y7", 45.5188, -73.5811],
  ["5301 Boulevard Saint-Laurent", "H2T 1S5", 45.5246, -73.5955],
  ["6700 Boulevard Saint-Laurent", "H2S 3C8", 45.5338, -73.6113],
  // Avenue du Mont-Royal.
  ["185 Avenue du Mont-Royal Ouest", "H2T 2S9", 45.5176, -73.5874],
  ["1001 Avenue du Mont-Royal Est", "H2J 1X9", 45.5263, -73.5795],
  ["1650 Avenue du Mont-Royal Est", "H2J 1Z5", 45.531, -73.5741],
  ["2100 Avenue du Mont-Royal Est", "H2H 1J9", 45.5346, -73.5698],
  // Rue Sherbrooke.
  ["845 Rue Sherbrooke Ouest", "H3A 0G4", 45.5048, -73.5772],
  ["1380 Rue Sherbrooke Ouest", "H3G 1J5", 45.4985, -73.5794],
  ["5160 Rue Sherbrooke Ouest", "H4A 1T6", 45.4702, -73.6121],
  ["7000 Rue Sherbrooke Ouest", "H4B 1R3", 45.4589, -73.635],
  ["1500 Rue Sherbrooke Est", "H2L 1M5", 45.5253, -73.5637],
  ["4101 Rue Sherbrooke Est", "H1X 2B2", 45.56, -73.555],
  // Rue Sainte-Catherine.
  ["705 Rue Sainte-Catherine Ouest", "H3B 4G5", 45.5025, -73.571],
  ["1500 Rue Sainte-Catherine Ouest", "H3G 1S8", 45.496, -73.579],
  ["1250 Rue Sainte-Catherine Est", "H2L 2H5", 45.5185, -73.557],
  ["3450 Rue Sainte-Catherine Est", "H1W 2E3", 45.546, -73.542],
  // Boulevard René-Lévesque.
  ["1000 Boulevard René-Lévesque Ouest", "H3B 4W5", 45.499, -73.57],
  ["1400 Boulevard René-Lévesque Est", "H2L 2M4", 45.5175, -73.553],
  // Plateau, Mile End and Outremont side streets.
  ["120 Avenue Laurier Ouest", "H2T 2N7", 45.5221, -73.5931],
  ["1000 Avenue Laurier Ouest", "H2V 2K8", 45.521, -73.603],
  ["1545 Avenue Laurier Est", "H2J 1H8", 45.533, -73.5781],
  ["3575 Avenue du Parc", "H2X 3P9", 45.51, -73.5745],
  ["5145 Avenue du Parc", "H2V 4G3", 45.521, -73.599],
  ["74 Avenue Fairmount Ouest", "H2T 2M2", 45.5227, -73.5977],
  ["263 Rue Saint-Viateur Ouest", "H2V 1Y1", 45.5228, -73.6025],
  ["361 Avenue Duluth Est", "H2W 1H9", 45.518, -73.5761],
  ["175 Rue Prince-Arthur Est", "H2X 1B7", 45.5143, -73.5707],
  ["1040 Rue Rachel Est", "H2J 2J5", 45.5245, -73.5751],
  ["1000 Boulevard Saint-Joseph Est", "H2J 1L2", 45.529, -73.584],
  ["4260 Rue Saint-Hubert", "H2J 2W6", 45.526, -73.579],
  ["4500 Avenue Papineau", "H2H 1V2", 45.5351, -73.5762],
  ["4300 Avenue De Lorimier", "H2H 2B1", 45.5356, -73.5725],
  ["1000 Avenue Van Horne", "H2V 1J7", 45.5206, -73.6101],
  // Petite-Patrie, Rosemont, Villeray, Ahuntsic.
  ["6655 Rue Saint-Hubert", "H2S 2M5", 45.5395, -73.603],
  ["7070 Avenue Henri-Julien", "H2S 3S3", 45.5363, -73.6147],
  ["1200 Rue Beaubien Est", "H2S 1T5", 45.5371, -73.5999],
  ["1200 Rue Saint-Zotique Est", "H2S 1N1", 45.5398, -73.5966],
  ["1400 Rue Bélanger", "H2G 1A2", 45.545, -73.6001],
  ["2901 Rue Masson", "H1Y 1X5", 45.547, -73.5731],
  ["3000 Boulevard Rosemont", "H1Y 1M2", 45.5531, -73.5861],
  ["1100 Rue Jean-Talon Est", "H2R 1V9", 45.542, -73.611],
  ["1500 Rue Jarry Est", "H2E 1A9", 45.5531, -73.6201],
  ["1400 Rue Fleury Est", "H2C 1R9", 45.565, -73.64],
  // Centre-Sud and Hochelaga-Maisonneuve.
  ["1700 Rue Amherst", "H2L 3L5", 45.5186, -73.5581],
  ["2500 Rue Ontario Est", "H2K 1W7", 45.533, -73.5525],
  ["4445 Rue Ontario Est", "H1V 3V3", 45.5535, -73.539],
  ["3000 Rue Hochelaga", "H1W 1G1", 45.544, -73.545],
  // Old Montreal, downtown, the south-west and Verdun.
  ["110 Rue Notre-Dame Ouest", "H2Y 1T2", 45.5045, -73.5562],
  ["150 Rue Saint-Paul Ouest", "H2Y 1Z5", 45.503, -73.556],
  ["333 Rue de la Commune Ouest", "H2Y 2E2", 45.5, -73.557],
  ["1200 Rue Peel", "H3B 2T6", 45.4995, -73.572],
  ["3900 Rue Notre-Dame Ouest", "H4C 1R1", 45.48, -73.583],
  ["138 Avenue Atwater", "H4C 2G3", 45.4805, -73.5775],
  ["2000 Rue Centre", "H3K 1J1", 45.483, -73.562],
  ["4000 Rue Wellington", "H4G 1V4", 45.459, -73.569],
  // Côte-des-Neiges, Notre-Dame-de-Grâce, Snowdon and Westmount.
  ["2900 Boulevard Édouard-Montpetit", "H3T 1J4", 45.5048, -73.6132],
  ["5150 Chemin de la Côte-des-Neiges", "H3T 1X8", 45.4975, -73.6225],
  ["5400 Avenue Monkland", "H4A 1E1", 45.4735, -73.615],
  ["5100 Boulevard Décarie", "H3X 2H9", 45.4855, -73.628],
  ["1350 Avenue Greene", "H3Z 2B1", 45.4865, -73.585, "Westmount"],
];

export const EMBEDDED_ADDRESSES: EmbeddedAddress[] = ROWS.map(([streetAddress, postalCode, lat, lng, city]) => ({
  streetAddress,
  city: city ?? "Montréal",
  postalCode,
  lat,
  lng,
}));
