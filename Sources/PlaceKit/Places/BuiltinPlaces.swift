import PlaceFormats
import PlaceStorage

/// The built-in place dataset: real places around the tutorial's default point in Pyrmont and
/// Darling Harbour (Sydney), downtown San Francisco (SoMa, Union Square) and Cupertino.
/// Positions and addresses are approximate and illustrative, not authoritative.
///
/// One place per line, tab-separated columns:
/// id, name, latitude, longitude, types (comma-separated Google place types), formatted address,
/// rating (1.0–5.0, or 0 for none), price level (-1 unknown, 0 free … 4 expensive),
/// radius in metres (rough size of the place: ~10 for a kiosk/ATM, 20–40 for a shop or cafe,
/// 60–150 for a hotel/museum/station, 200–600 for a park or a big venue), area tag.
enum BuiltinPlaces {
    static let table = """
        syd-adina-darling-harbour\tAdina Apartment Hotel Sydney Darling Harbour\t-33.868637\t151.202527\tlodging,point_of_interest,establishment\t55 Shelley St, Sydney NSW 2000, Australia\t4.3\t-1\t70\tsydney
        syd-maritime-museum\tAustralian National Maritime Museum\t-33.869357\t151.198633\tmuseum,tourist_attraction,point_of_interest,establishment\t2 Murray St, Sydney NSW 2000, Australia\t4.5\t-1\t120\tsydney
        syd-barangaroo-house\tBarangaroo House\t-33.865677\t151.201508\trestaurant,bar,food,point_of_interest,establishment\t35 Barangaroo Ave, Barangaroo NSW 2000, Australia\t4.2\t3\t35\tsydney
        syd-black-bar-grill\tBLACK Bar & Grill\t-33.867750\t151.195629\trestaurant,bar,food,point_of_interest,establishment\t80 Pyrmont St, Pyrmont NSW 2009, Australia\t4.2\t4\t30\tsydney
        syd-blue-eye-dragon\tBlue Eye Dragon\t-33.867567\t151.193742\trestaurant,food,point_of_interest,establishment\t37 Pyrmont St, Pyrmont NSW 2009, Australia\t4.5\t2\t20\tsydney
        syd-bristol-arms\tBristol Arms Retro Hotel\t-33.867791\t151.203239\tbar,lodging,restaurant,food,point_of_interest,establishment\t81 Sussex St, Sydney NSW 2000, Australia\t4.2\t2\t30\tsydney
        syd-bungalow-8\tBungalow 8\t-33.866145\t151.201377\tbar,night_club,point_of_interest,establishment\t3 Lime St, Sydney NSW 2000, Australia\t4.0\t2\t30\tsydney
        syd-cafe-morso\tCafe Morso\t-33.863601\t151.194498\tcafe,food,point_of_interest,establishment\t108/26-32 Pirrama Rd, Pyrmont NSW 2009, Australia\t4.3\t2\t20\tsydney
        syd-casa-ristorante\tCasa Ristorante Italiano\t-33.868232\t151.201658\trestaurant,bar,food,point_of_interest,establishment\t42/48 The Promenade, Sydney NSW 2000, Australia\t3.6\t2\t25\tsydney
        syd-chinese-garden\tChinese Garden of Friendship\t-33.876274\t151.202802\tpark,tourist_attraction,point_of_interest,establishment\tPier St, Haymarket NSW 2000, Australia\t4.6\t-1\t80\tsydney
        syd-lr-convention\tConvention Light Rail\t-33.872624\t151.198114\tlight_rail_station,transit_station,point_of_interest,establishment\tDarling Dr, Sydney NSW 2000, Australia\t4.1\t-1\t40\tsydney
        syd-darling-convenience\tDarling Convenience\t-33.868670\t151.203925\tconvenience_store,food,store,point_of_interest,establishment\t20 King St, Sydney NSW 2000, Australia\t3.9\t1\t15\tsydney
        syd-darling-harbour\tDarling Harbour\t-33.871429\t151.200454\ttourist_attraction,natural_feature,point_of_interest,establishment\tSydney NSW 2000, Australia\t4.6\t-1\t400\tsydney
        syd-darling-quarter\tDarling Quarter\t-33.874500\t151.202300\ttourist_attraction,point_of_interest,establishment\t1-25 Harbour St, Sydney NSW 2000, Australia\t4.5\t-1\t150\tsydney
        syd-darling-square\tDarling Square\t-33.877900\t151.202600\ttourist_attraction,point_of_interest,establishment\tDarling Square, Haymarket NSW 2000, Australia\t4.5\t-1\t200\tsydney
        syd-darling-square-library\tDarling Square Library\t-33.877914\t151.202222\tlibrary,point_of_interest,establishment\t1 Little Pier St, Haymarket NSW 2000, Australia\t4.7\t-1\t50\tsydney
        syd-doltone-darling-island\tDoltone House - Darling Island\t-33.866706\t151.195784\tfood,point_of_interest,establishment\tGround Floor/48 Pirrama Rd, Pyrmont NSW 2009, Australia\t4.3\t-1\t50\tsydney
        syd-doltone-jones-bay\tDoltone House - Jones Bay Wharf\t-33.864790\t151.194134\tfood,point_of_interest,establishment\tLevel 3/26-32 Pirrama Rd, Pyrmont NSW 2009, Australia\t4.4\t-1\t60\tsydney
        syd-dunkirk-hotel\tDunkirk Hotel\t-33.871352\t151.194730\tbar,lodging,restaurant,food,point_of_interest,establishment\t205 Harris St, Pyrmont NSW 2009, Australia\t4.3\t2\t30\tsydney
        syd-lr-exhibition-centre\tExhibition Centre Light Rail\t-33.877192\t151.199699\tlight_rail_station,transit_station,point_of_interest,establishment\tDarling Dr, Sydney NSW 2000, Australia\t4.0\t-1\t40\tsydney
        syd-lr-fish-market\tFish Market Light Rail\t-33.870913\t151.192284\tlight_rail_station,transit_station,point_of_interest,establishment\tPyrmont NSW 2009, Australia\t4.0\t-1\t40\tsydney
        syd-georges-mediterranean\tGeorges Mediterranean Bar & Grill\t-33.866664\t151.201411\tbar,restaurant,food,point_of_interest,establishment\tKing Street Wharf, 3 The Promenade, Sydney NSW 2000, Australia\t3.8\t2\t30\tsydney
        ChIJN1t_tDeuEmsRUsoyG83frY4\tGoogle Sydney\t-33.866651\t151.195827\tpoint_of_interest,establishment\t48 Pirrama Rd, Pyrmont NSW 2009, Australia\t4.5\t-1\t60\tsydney
        syd-healthline-pharmacy\tHealthline Pharmacy\t-33.871658\t151.203765\tpharmacy,health,store,point_of_interest,establishment\t201 Sussex St, Sydney NSW 2000, Australia\t4.1\t1\t15\tsydney
        syd-hmas-vampire\tHMAS Vampire\t-33.869261\t151.199723\tmuseum,tourist_attraction,point_of_interest,establishment\t2 Murray St, Sydney NSW 2000, Australia\t4.6\t-1\t60\tsydney
        syd-hyatt-regency\tHyatt Regency Sydney\t-33.870168\t151.203254\tlodging,point_of_interest,establishment\t161 Sussex St, Sydney NSW 2000, Australia\t4.3\t-1\t90\tsydney
        syd-ibis-darling-harbour\tibis Sydney Darling Harbour\t-33.871212\t151.197984\tlodging,point_of_interest,establishment\t70 Murray St, Pyrmont NSW 2009, Australia\t3.8\t-1\t70\tsydney
        syd-ibis-king-street-wharf\tibis Sydney King Street Wharf\t-33.866692\t151.202750\tlodging,point_of_interest,establishment\t22 Shelley St, Sydney NSW 2000, Australia\t4.0\t-1\t60\tsydney
        syd-icc-sydney\tICC Sydney\t-33.874400\t151.198700\tpoint_of_interest,establishment\t14 Darling Dr, Sydney NSW 2000, Australia\t4.5\t-1\t300\tsydney
        syd-lr-john-street-square\tJohn Street Square Light Rail\t-33.867434\t151.192048\tlight_rail_station,transit_station,point_of_interest,establishment\tPyrmont NSW 2009, Australia\t4.0\t-1\t40\tsydney
        syd-jones-bay-wharf\tJones Bay Wharf\t-33.863974\t151.194551\ttourist_attraction,point_of_interest,establishment\t26-32 Pirrama Rd, Pyrmont NSW 2009, Australia\t4.5\t-1\t120\tsydney
        syd-madame-tussauds\tMadame Tussauds Sydney\t-33.869725\t151.201655\tmuseum,tourist_attraction,point_of_interest,establishment\t1-5 Wheat Rd, Sydney NSW 2000, Australia\t4.2\t-1\t40\tsydney
        syd-novotel-darling-harbour\tNovotel Sydney on Darling Harbour\t-33.872100\t151.197600\tlodging,point_of_interest,establishment\t100 Murray St, Pyrmont NSW 2009, Australia\t4.2\t-1\t90\tsydney
        syd-powerhouse-museum\tPowerhouse Museum\t-33.878500\t151.199500\tmuseum,tourist_attraction,point_of_interest,establishment\t500 Harris St, Ultimo NSW 2007, Australia\t4.5\t-1\t120\tsydney
        syd-lr-pyrmont-bay\tPyrmont Bay Light Rail\t-33.869404\t151.197405\tlight_rail_station,transit_station,point_of_interest,establishment\tPyrmont NSW 2009, Australia\t4.1\t-1\t40\tsydney
        syd-pyrmont-bay-park\tPyrmont Bay Park\t-33.868400\t151.197700\tpark,point_of_interest,establishment\tPirrama Rd, Pyrmont NSW 2009, Australia\t4.5\t-1\t150\tsydney
        syd-pyrmont-bay-wharf\tPyrmont Bay Wharf\t-33.868113\t151.198816\tferry_terminal,transit_station,point_of_interest,establishment\tPirrama Rd, Pyrmont NSW 2009, Australia\t4.2\t-1\t40\tsydney
        syd-pyrmont-bridge\tPyrmont Bridge\t-33.870560\t151.200480\ttourist_attraction,point_of_interest,establishment\tPyrmont Bridge, Sydney NSW 2000, Australia\t4.7\t-1\t200\tsydney
        syd-pyrmont-bridge-hotel\tPyrmont Bridge Hotel\t-33.869838\t151.197711\tbar,restaurant,food,point_of_interest,establishment\t96 Union St, Pyrmont NSW 2009, Australia\t3.9\t1\t30\tsydney
        syd-pyrmont-point-hotel\tPyrmont Point Hotel\t-33.867548\t151.192403\tbar,restaurant,food,point_of_interest,establishment\t59 Harris St, Pyrmont NSW 2009, Australia\t4.0\t2\t30\tsydney
        syd-quarrymans-hotel\tQuarrymans Hotel\t-33.871169\t151.194930\tbar,restaurant,food,point_of_interest,establishment\t214 Harris St, Pyrmont NSW 2009, Australia\t4.2\t2\t30\tsydney
        syd-sea-life-aquarium\tSEA LIFE Sydney Aquarium\t-33.869394\t151.202140\taquarium,tourist_attraction,point_of_interest,establishment\t1-5 Wheat Rd, Sydney NSW 2000, Australia\t4.3\t-1\t90\tsydney
        syd-shelbourne-hotel\tShelbourne Hotel\t-33.871155\t151.204035\tbar,restaurant,food,point_of_interest,establishment\t200 Sussex St, Sydney NSW 2000, Australia\t4.0\t2\t30\tsydney
        syd-slip-inn\tSlip Inn\t-33.868679\t151.203409\tbar,night_club,restaurant,food,point_of_interest,establishment\t111 Sussex St, Sydney NSW 2000, Australia\t4.1\t2\t30\tsydney
        syd-sofitel-darling-harbour\tSofitel Sydney Darling Harbour\t-33.875500\t151.198300\tlodging,point_of_interest,establishment\t12 Darling Dr, Sydney NSW 2000, Australia\t4.6\t-1\t80\tsydney
        syd-sokyo\tSokyo\t-33.869482\t151.195510\trestaurant,food,point_of_interest,establishment\t80 Pyrmont St, Pyrmont NSW 2009, Australia\t4.2\t4\t25\tsydney
        syd-steersons-steakhouse\tSteersons Steakhouse\t-33.866685\t151.201582\trestaurant,food,point_of_interest,establishment\t17 Lime St, Sydney NSW 2000, Australia\t4.3\t3\t30\tsydney
        syd-strike-king-street-wharf\tStrike Bowling King Street Wharf\t-33.867155\t151.201573\tbowling_alley,bar,point_of_interest,establishment\tKing Street Wharf, 22 The Promenade, Sydney NSW 2000, Australia\t4.3\t2\t40\tsydney
        syd-sydney-fish-market\tSydney Fish Market\t-33.873000\t151.192100\ttourist_attraction,food,store,point_of_interest,establishment\tCorner Pyrmont Bridge Rd & Bank St, Pyrmont NSW 2009, Australia\t4.3\t2\t200\tsydney
        syd-lyric-theatre\tSydney Lyric Theatre\t-33.868522\t151.196145\tperforming_arts_theater,point_of_interest,establishment\t55 Pirrama Rd, Pyrmont NSW 2009, Australia\t4.5\t-1\t60\tsydney
        syd-terminus-hotel\tTerminus Hotel\t-33.867850\t151.192450\tbar,lodging,restaurant,food,point_of_interest,establishment\t61 Harris St, Pyrmont NSW 2009, Australia\t4.3\t2\t30\tsydney
        syd-captains-balcony\tThe Captains Balcony\t-33.866642\t151.203655\tbar,night_club,restaurant,food,point_of_interest,establishment\t46 Erskine St, Sydney NSW 2000, Australia\t4.5\t2\t25\tsydney
        syd-little-snail\tThe Little Snail Restaurant\t-33.870342\t151.197922\trestaurant,food,point_of_interest,establishment\t3/50 Murray St, Pyrmont NSW 2009, Australia\t4.5\t2\t25\tsydney
        syd-the-loft\tThe Loft\t-33.865999\t151.201577\tbar,restaurant,food,point_of_interest,establishment\t3 Lime St, Sydney NSW 2000, Australia\t4.2\t2\t30\tsydney
        syd-the-malaya\tThe Malaya\t-33.867806\t151.201720\trestaurant,food,point_of_interest,establishment\t39 Lime St, Sydney NSW 2000, Australia\t4.5\t3\t30\tsydney
        syd-sporting-globe\tThe Sporting Globe x 4 Pines\t-33.867221\t151.201675\tbar,restaurant,food,point_of_interest,establishment\tKing Street Wharf, 22 The Promenade, Sydney NSW 2000, Australia\t4.2\t2\t35\tsydney
        syd-lr-the-star\tThe Star Light Rail\t-33.867343\t151.195198\tlight_rail_station,transit_station,point_of_interest,establishment\tPyrmont NSW 2009, Australia\t4.0\t-1\t40\tsydney
        syd-the-star\tThe Star Sydney\t-33.867971\t151.195210\tcasino,lodging,point_of_interest,establishment\t80 Pyrmont St, Pyrmont NSW 2009, Australia\t4.1\t-1\t250\tsydney
        syd-tumbalong-park\tTumbalong Park\t-33.875600\t151.201700\tpark,tourist_attraction,point_of_interest,establishment\tDarling Harbour, Sydney NSW 2000, Australia\t4.5\t-1\t150\tsydney
        syd-uts-chau-chak-wing\tUTS Dr Chau Chak Wing Building\t-33.879500\t151.200300\tuniversity,tourist_attraction,point_of_interest,establishment\t14-28 Ultimo Rd, Ultimo NSW 2007, Australia\t4.6\t-1\t60\tsydney
        syd-west-hotel\tWest Hotel Sydney, Curio Collection by Hilton\t-33.867521\t151.203174\tlodging,point_of_interest,establishment\t65 Sussex St, Sydney NSW 2000, Australia\t4.6\t-1\t70\tsydney
        syd-wild-life-zoo\tWILD LIFE Sydney Zoo\t-33.869596\t151.201634\tzoo,tourist_attraction,point_of_interest,establishment\t1-5 Wheat Rd, Sydney NSW 2000, Australia\t4.2\t-1\t60\tsydney
        sf-amc-metreon-16\tAMC Metreon 16\t37.784100\t-122.403200\tmovie_theater,point_of_interest,establishment\t135 4th St #3000, San Francisco, CA 94103, USA\t4.3\t-1\t60\tsf
        sf-apple-union-square\tApple Union Square\t37.788720\t-122.407160\telectronics_store,store,point_of_interest,establishment\t300 Post St, San Francisco, CA 94108, USA\t4.3\t3\t40\tsf
        sf-bank-of-america-powell\tBank of America Financial Center\t37.784900\t-122.407750\tbank,atm,finance,point_of_interest,establishment\t1 Powell St, San Francisco, CA 94102, USA\t3.6\t-1\t25\tsf
        sf-benu\tBenu\t37.785400\t-122.399000\trestaurant,food,point_of_interest,establishment\t22 Hawthorne St, San Francisco, CA 94105, USA\t4.6\t4\t25\tsf
        sf-blue-bottle-mint-plaza\tBlue Bottle Coffee\t37.782371\t-122.407669\tcafe,food,point_of_interest,establishment\t66 Mint St, San Francisco, CA 94103, USA\t4.4\t1\t20\tsf
        sf-childrens-creativity-museum\tChildren's Creativity Museum\t37.783400\t-122.402300\tmuseum,tourist_attraction,point_of_interest,establishment\t221 4th St, San Francisco, CA 94103, USA\t4.3\t-1\t50\tsf
        sf-contemporary-jewish-museum\tContemporary Jewish Museum\t37.786084\t-122.403545\tmuseum,tourist_attraction,point_of_interest,establishment\t736 Mission St, San Francisco, CA 94103, USA\t4.5\t-1\t60\tsf
        sf-crocker-galleria\tCrocker Galleria\t37.789300\t-122.403100\tshopping_mall,point_of_interest,establishment\t50 Post St, San Francisco, CA 94104, USA\t4.2\t-1\t60\tsf
        sf-curran-theatre\tCurran Theatre\t37.786900\t-122.410500\tperforming_arts_theater,point_of_interest,establishment\t445 Geary St, San Francisco, CA 94102, USA\t4.7\t-1\t40\tsf
        sf-dragons-gate\tDragon's Gate\t37.790800\t-122.405600\ttourist_attraction,point_of_interest,establishment\tBush St & Grant Ave, San Francisco, CA 94108, USA\t4.5\t-1\t20\tsf
        sf-four-seasons\tFour Seasons Hotel San Francisco\t37.786000\t-122.404200\tlodging,point_of_interest,establishment\t757 Market St, San Francisco, CA 94103, USA\t4.6\t-1\t70\tsf
        sf-golden-gate-theatre\tGolden Gate Theatre\t37.782400\t-122.411000\tperforming_arts_theater,point_of_interest,establishment\t1 Taylor St, San Francisco, CA 94102, USA\t4.6\t-1\t50\tsf
        sf-grand-hyatt\tGrand Hyatt San Francisco Union Square\t37.789200\t-122.406700\tlodging,point_of_interest,establishment\t345 Stockton St, San Francisco, CA 94108, USA\t4.4\t-1\t80\tsf
        sf-handlery-hotel\tHandlery Union Square Hotel\t37.787000\t-122.409600\tlodging,point_of_interest,establishment\t351 Geary St, San Francisco, CA 94102, USA\t4.3\t-1\t60\tsf
        sf-hilton-union-square\tHilton San Francisco Union Square\t37.786050\t-122.410300\tlodging,point_of_interest,establishment\t333 O'Farrell St, San Francisco, CA 94102, USA\t4.0\t-1\t120\tsf
        sf-hotel-bijou\tHotel Bijou\t37.784493\t-122.409639\tlodging,point_of_interest,establishment\t111 Mason St, San Francisco, CA 94102, USA\t4.0\t-1\t30\tsf
        sf-hotel-nikko\tHotel Nikko San Francisco\t37.785783\t-122.409349\tlodging,point_of_interest,establishment\t222 Mason St, San Francisco, CA 94102, USA\t4.3\t-1\t80\tsf
        sf-hotel-zelos\tHotel Zelos\t37.785228\t-122.405639\tlodging,point_of_interest,establishment\t12 4th St, San Francisco, CA 94103, USA\t4.2\t-1\t50\tsf
        sf-intercontinental\tInterContinental San Francisco\t37.781700\t-122.404700\tlodging,point_of_interest,establishment\t888 Howard St, San Francisco, CA 94103, USA\t4.3\t-1\t80\tsf
        sf-johns-grill\tJohn's Grill\t37.785400\t-122.407200\trestaurant,food,point_of_interest,establishment\t63 Ellis St, San Francisco, CA 94102, USA\t4.5\t3\t25\tsf
        sf-kin-khao\tKin Khao\t37.784700\t-122.409000\trestaurant,food,point_of_interest,establishment\t55 Cyril Magnin St, San Francisco, CA 94102, USA\t4.4\t3\t25\tsf
        sf-lottas-fountain\tLotta's Fountain\t37.787900\t-122.403500\ttourist_attraction,point_of_interest,establishment\tMarket St & Kearny St, San Francisco, CA 94103, USA\t4.4\t-1\t10\tsf
        sf-macys-union-square\tMacy's\t37.786800\t-122.407300\tdepartment_store,clothing_store,store,point_of_interest,establishment\t170 O'Farrell St, San Francisco, CA 94102, USA\t4.2\t2\t90\tsf
        sf-maiden-lane\tMaiden Lane\t37.788100\t-122.405600\ttourist_attraction,point_of_interest,establishment\tMaiden Ln, San Francisco, CA 94108, USA\t4.4\t-1\t80\tsf
        sf-metreon\tMetreon\t37.784300\t-122.403500\tshopping_mall,point_of_interest,establishment\t135 4th St, San Francisco, CA 94103, USA\t4.2\t-1\t90\tsf
        sf-montgomery-st-station\tMontgomery St. Station\t37.789300\t-122.401400\tsubway_station,train_station,transit_station,point_of_interest,establishment\t598 Market St, San Francisco, CA 94104, USA\t3.9\t-1\t80\tsf
        sf-moscone-center\tMoscone Center\t37.784172\t-122.401558\tpoint_of_interest,establishment\t747 Howard St, San Francisco, CA 94103, USA\t4.5\t-1\t250\tsf
        sf-moscone-west\tMoscone West\t37.783700\t-122.403900\tpoint_of_interest,establishment\t800 Howard St, San Francisco, CA 94103, USA\t4.5\t-1\t100\tsf
        sf-mourad\tMourad\t37.786800\t-122.399800\trestaurant,food,point_of_interest,establishment\t140 New Montgomery St, San Francisco, CA 94105, USA\t4.5\t4\t30\tsf
        sf-moad\tMuseum of the African Diaspora\t37.786600\t-122.401300\tmuseum,tourist_attraction,point_of_interest,establishment\t685 Mission St, San Francisco, CA 94105, USA\t4.4\t-1\t40\tsf
        sf-neiman-marcus\tNeiman Marcus\t37.787500\t-122.406300\tdepartment_store,clothing_store,store,point_of_interest,establishment\t150 Stockton St, San Francisco, CA 94108, USA\t4.3\t4\t60\tsf
        sf-nike-san-francisco\tNike San Francisco\t37.788650\t-122.406150\tclothing_store,shoe_store,store,point_of_interest,establishment\t278 Post St, San Francisco, CA 94108, USA\t4.3\t2\t40\tsf
        sf-old-mint\tOld U.S. Mint\t37.782800\t-122.407000\ttourist_attraction,point_of_interest,establishment\t88 5th St, San Francisco, CA 94103, USA\t4.4\t-1\t60\tsf
        sf-palace-hotel\tPalace Hotel\t37.788200\t-122.401900\tlodging,point_of_interest,establishment\t2 New Montgomery St, San Francisco, CA 94105, USA\t4.6\t-1\t90\tsf
        sf-parc-55\tParc 55 San Francisco - a Hilton Hotel\t37.784800\t-122.409150\tlodging,point_of_interest,establishment\t55 Cyril Magnin St, San Francisco, CA 94102, USA\t4.1\t-1\t90\tsf
        sf-pinecrest-diner\tPinecrest Diner\t37.786950\t-122.410000\trestaurant,food,point_of_interest,establishment\t401 Geary St, San Francisco, CA 94102, USA\t4.2\t2\t20\tsf
        sf-cable-car-turnaround\tPowell & Market Cable Car Turnaround\t37.784800\t-122.407550\ttourist_attraction,transit_station,point_of_interest,establishment\tPowell St & Market St, San Francisco, CA 94102, USA\t4.5\t-1\t25\tsf
        sf-powell-st-station\tPowell St. Station\t37.784471\t-122.407974\tsubway_station,train_station,transit_station,point_of_interest,establishment\t899 Market St, San Francisco, CA 94103, USA\t3.9\t-1\t80\tsf
        sf-saks-fifth-avenue\tSaks Fifth Avenue\t37.788500\t-122.408400\tdepartment_store,clothing_store,store,point_of_interest,establishment\t384 Post St, San Francisco, CA 94108, USA\t4.3\t4\t60\tsf
        sf-salesforce-park\tSalesforce Park\t37.789700\t-122.396500\tpark,tourist_attraction,point_of_interest,establishment\t425 Mission St, San Francisco, CA 94105, USA\t4.7\t-1\t300\tsf
        sf-marriott-marquis\tSan Francisco Marriott Marquis\t37.785300\t-122.404500\tlodging,point_of_interest,establishment\t780 Mission St, San Francisco, CA 94103, USA\t4.3\t-1\t100\tsf
        sf-sears-fine-food\tSears Fine Food\t37.789200\t-122.408600\trestaurant,food,point_of_interest,establishment\t439 Powell St, San Francisco, CA 94102, USA\t4.3\t2\t20\tsf
        sf-sfmoma\tSFMOMA\t37.785718\t-122.401051\tmuseum,tourist_attraction,point_of_interest,establishment\t151 3rd St, San Francisco, CA 94103, USA\t4.6\t-1\t100\tsf
        sf-st-patrick-church\tSt. Patrick Catholic Church\t37.785600\t-122.404050\tchurch,place_of_worship,point_of_interest,establishment\t756 Mission St, San Francisco, CA 94103, USA\t4.7\t-1\t40\tsf
        sf-super-duper-market\tSuper Duper Burgers\t37.786900\t-122.403500\trestaurant,meal_takeaway,food,point_of_interest,establishment\t721 Market St, San Francisco, CA 94103, USA\t4.3\t1\t20\tsf
        sf-target-metreon\tTarget\t37.784700\t-122.403800\tdepartment_store,store,point_of_interest,establishment\t789 Mission St, San Francisco, CA 94103, USA\t4.2\t2\t60\tsf
        sf-cheesecake-factory\tThe Cheesecake Factory\t37.787300\t-122.407500\trestaurant,food,point_of_interest,establishment\t251 Geary St, San Francisco, CA 94102, USA\t4.2\t2\t40\tsf
        sf-the-clift\tThe Clift Royal Sonesta Hotel\t37.786800\t-122.411200\tlodging,point_of_interest,establishment\t495 Geary St, San Francisco, CA 94102, USA\t4.1\t-1\t50\tsf
        sf-st-regis\tThe St. Regis San Francisco\t37.786300\t-122.401100\tlodging,point_of_interest,establishment\t125 3rd St, San Francisco, CA 94103, USA\t4.6\t-1\t60\tsf
        sf-westin-st-francis\tThe Westin St. Francis San Francisco on Union Square\t37.787850\t-122.408900\tlodging,point_of_interest,establishment\t335 Powell St, San Francisco, CA 94102, USA\t4.3\t-1\t100\tsf
        sf-union-square\tUnion Square\t37.787994\t-122.407437\tpark,tourist_attraction,point_of_interest,establishment\t333 Post St, San Francisco, CA 94108, USA\t4.5\t-1\t100\tsf
        sf-uniqlo-powell\tUNIQLO Powell\t37.785800\t-122.407800\tclothing_store,store,point_of_interest,establishment\t111 Powell St, San Francisco, CA 94102, USA\t4.3\t2\t35\tsf
        sf-w-san-francisco\tW San Francisco\t37.785100\t-122.400300\tlodging,point_of_interest,establishment\t181 3rd St, San Francisco, CA 94103, USA\t4.2\t-1\t60\tsf
        sf-westfield-sf-centre\tWestfield San Francisco Centre\t37.784150\t-122.407000\tshopping_mall,point_of_interest,establishment\t865 Market St, San Francisco, CA 94103, USA\t4.2\t-1\t120\tsf
        sf-yerba-buena-arts\tYerba Buena Center for the Arts\t37.786000\t-122.402300\tmuseum,tourist_attraction,point_of_interest,establishment\t701 Mission St, San Francisco, CA 94103, USA\t4.5\t-1\t60\tsf
        sf-yerba-buena-gardens\tYerba Buena Gardens\t37.785100\t-122.402300\tpark,tourist_attraction,point_of_interest,establishment\t750 Howard St, San Francisco, CA 94103, USA\t4.7\t-1\t150\tsf
        sf-yerba-buena-ice\tYerba Buena Ice Skating & Bowling Center\t37.782800\t-122.402400\tbowling_alley,point_of_interest,establishment\t750 Folsom St, San Francisco, CA 94107, USA\t4.5\t-1\t60\tsf
        cup-99-ranch-market\t99 Ranch Market\t37.336300\t-122.015300\tsupermarket,food,store,point_of_interest,establishment\t10983 N Wolfe Rd, Cupertino, CA 95014, USA\t4.3\t2\t60\tcupertino
        cup-aloft-cupertino\tAloft Cupertino\t37.325200\t-122.032600\tlodging,point_of_interest,establishment\t10165 N De Anza Blvd, Cupertino, CA 95014, USA\t4.2\t-1\t60\tcupertino
        cup-apple-infinite-loop\tApple Infinite Loop\t37.331820\t-122.031180\tpoint_of_interest,establishment\t1 Infinite Loop, Cupertino, CA 95014, USA\t4.5\t-1\t200\tcupertino
        cup-apple-park\tApple Park\t37.334900\t-122.009000\tpoint_of_interest,establishment\t1 Apple Park Way, Cupertino, CA 95014, USA\t4.6\t-1\t450\tcupertino
        cup-apple-park-visitor-center\tApple Park Visitor Center\t37.332680\t-122.005150\telectronics_store,tourist_attraction,store,point_of_interest,establishment\t10600 N Tantau Ave, Cupertino, CA 95014, USA\t4.4\t3\t60\tcupertino
        cup-avachi-biryani\tAvachi Biryani House\t37.319300\t-122.032800\trestaurant,food,point_of_interest,establishment\t10251 S De Anza Blvd, Cupertino, CA 95014, USA\t4.1\t2\t25\tcupertino
        cup-azuma\tAzuma\t37.323400\t-122.017000\trestaurant,food,point_of_interest,establishment\t19645 Stevens Creek Blvd, Cupertino, CA 95014, USA\t4.2\t2\t25\tcupertino
        cup-bagel-street-cafe\tBagel Street Cafe\t37.331177\t-122.031641\tcafe,food,point_of_interest,establishment\t10591 N De Anza Blvd, Cupertino, CA 95014, USA\t4.2\t1\t20\tcupertino
        cup-bjs-brewhouse\tBJ's Restaurant & Brewhouse\t37.331322\t-122.031788\trestaurant,bar,food,point_of_interest,establishment\t10690 N De Anza Blvd, Cupertino, CA 95014, USA\t4.0\t2\t40\tcupertino
        cup-cafe-lattea\tCafé LaTTea\t37.323198\t-122.012342\tcafe,food,point_of_interest,establishment\t19501 Stevens Creek Blvd #101, Cupertino, CA 95014, USA\t4.4\t1\t20\tcupertino
        cup-chicha-san-chen\tChicha San Chen\t37.322568\t-122.034806\tcafe,food,point_of_interest,establishment\t20688 Stevens Creek Blvd, Cupertino, CA 95014, USA\t4.6\t1\t20\tcupertino
        cup-courtyard-cupertino\tCourtyard by Marriott San Jose Cupertino\t37.332226\t-122.015460\tlodging,point_of_interest,establishment\t10605 N Wolfe Rd, Cupertino, CA 95014, USA\t4.2\t-1\t70\tcupertino
        cup-city-hall\tCupertino City Hall\t37.318700\t-122.029000\tcity_hall,local_government_office,point_of_interest,establishment\t10300 Torre Ave, Cupertino, CA 95014, USA\t4.2\t-1\t60\tcupertino
        cup-cupertino-hotel\tCupertino Hotel\t37.333600\t-122.032600\tlodging,point_of_interest,establishment\t10889 N De Anza Blvd, Cupertino, CA 95014, USA\t4.4\t-1\t60\tcupertino
        cup-library\tCupertino Library\t37.317700\t-122.028500\tlibrary,point_of_interest,establishment\t10800 Torre Ave, Cupertino, CA 95014, USA\t4.7\t-1\t60\tcupertino
        cup-memorial-park\tCupertino Memorial Park\t37.324942\t-122.045117\tpark,point_of_interest,establishment\t21121 Stevens Creek Blvd, Cupertino, CA 95014, USA\t4.6\t-1\t250\tcupertino
        cup-cupertino-village\tCupertino Village\t37.336140\t-122.015343\tshopping_mall,point_of_interest,establishment\t10869 N Wolfe Rd, Cupertino, CA 95014, USA\t4.4\t-1\t150\tcupertino
        cup-curry-pizza-house\tCurry Pizza House\t37.322100\t-122.024500\trestaurant,meal_takeaway,food,point_of_interest,establishment\t20080 Stevens Creek Blvd #106, Cupertino, CA 95014, USA\t4.3\t2\t20\tcupertino
        cup-de-anza-college\tDe Anza College\t37.319540\t-122.045055\tuniversity,point_of_interest,establishment\t21250 Stevens Creek Blvd, Cupertino, CA 95014, USA\t4.4\t-1\t400\tcupertino
        cup-fantasia-coffee-tea\tFantasia Coffee & Tea\t37.335949\t-122.015894\tcafe,food,point_of_interest,establishment\t10933 N Wolfe Rd, Cupertino, CA 95014, USA\t4.3\t1\t20\tcupertino
        cup-gochi\tGochi Japanese Fusion Tapas\t37.336835\t-122.022626\trestaurant,food,point_of_interest,establishment\t19980 Homestead Rd, Cupertino, CA 95014, USA\t4.4\t2\t25\tcupertino
        cup-harumi-sushi\tHarumi Sushi\t37.322100\t-122.023600\trestaurant,food,point_of_interest,establishment\t20030 Stevens Creek Blvd, Cupertino, CA 95014, USA\t4.2\t2\t25\tcupertino
        cup-hilton-garden-inn\tHilton Garden Inn Cupertino\t37.333403\t-122.014750\tlodging,point_of_interest,establishment\t10741 N Wolfe Rd, Cupertino, CA 95014, USA\t4.2\t-1\t70\tcupertino
        cup-homestead-bowl\tHomestead Bowl & The X Bar\t37.337150\t-122.041300\tbowling_alley,bar,point_of_interest,establishment\t20990 Homestead Rd, Cupertino, CA 95014, USA\t4.1\t2\t50\tcupertino
        cup-homestead-high-school\tHomestead High School\t37.335642\t-122.050507\tschool,point_of_interest,establishment\t21370 Homestead Rd, Cupertino, CA 95014, USA\t4.2\t-1\t250\tcupertino
        cup-i-heart-bento\tI Heart Bento\t37.321200\t-122.032600\trestaurant,food,point_of_interest,establishment\t10129 S De Anza Blvd, Cupertino, CA 95014, USA\t4.4\t2\t20\tcupertino
        cup-izumi-matcha\tIzumi Matcha\t37.321800\t-122.018091\tcafe,food,point_of_interest,establishment\t19740 Stevens Creek Blvd, Cupertino, CA 95014, USA\t4.2\t2\t20\tcupertino
        cup-juniper-hotel\tJuniper Hotel Cupertino, Curio Collection by Hilton\t37.322300\t-122.031700\tlodging,point_of_interest,establishment\t10050 S De Anza Blvd, Cupertino, CA 95014, USA\t4.5\t-1\t70\tcupertino
        cup-kong-tofu-bbq\tKong Tofu & BBQ\t37.322300\t-122.016900\trestaurant,food,point_of_interest,establishment\t19626 Stevens Creek Blvd, Cupertino, CA 95014, USA\t4.1\t2\t25\tcupertino
        cup-kura-sushi\tKura Revolving Sushi Bar\t37.324700\t-122.013300\trestaurant,food,point_of_interest,establishment\t19600 Vallco Pkwy #160, Cupertino, CA 95014, USA\t4.3\t2\t30\tcupertino
        cup-liangs-village\tLiang's Village\t37.321987\t-122.033008\trestaurant,food,point_of_interest,establishment\t20530 Stevens Creek Blvd, Cupertino, CA 95014, USA\t4.1\t1\t25\tcupertino
        cup-main-street-cupertino\tMain Street Cupertino\t37.324200\t-122.012000\tshopping_mall,point_of_interest,establishment\t19419 Stevens Creek Blvd, Cupertino, CA 95014, USA\t4.4\t-1\t200\tcupertino
        cup-marina-food\tMarina Food\t37.324800\t-122.033800\tsupermarket,food,store,point_of_interest,establishment\t10122 Bandley Dr, Cupertino, CA 95014, USA\t4.0\t1\t50\tcupertino
        cup-mias\tMia's\t37.324596\t-122.033911\tcafe,food,point_of_interest,establishment\t10118 Bandley Dr Suite G, Cupertino, CA 95014, USA\t3.9\t1\t20\tcupertino
        cup-moontea\tMoonTea\t37.322345\t-122.016747\tcafe,food,point_of_interest,establishment\t19620 Stevens Creek Blvd #180, Cupertino, CA 95014, USA\t4.5\t1\t20\tcupertino
        cup-olarn-thai\tOlarn Thai\t37.322300\t-122.017300\trestaurant,food,point_of_interest,establishment\t19672 Stevens Creek Blvd, Cupertino, CA 95014, USA\t4.3\t2\t25\tcupertino
        cup-orange-square\tOrange Square\t37.323451\t-122.029480\trestaurant,food,point_of_interest,establishment\t20343 Stevens Creek Blvd, Cupertino, CA 95014, USA\t4.3\t1\t20\tcupertino
        cup-panera-bread\tPanera Bread\t37.323198\t-122.038085\tbakery,cafe,restaurant,food,point_of_interest,establishment\t20807 Stevens Creek Blvd, Cupertino, CA 95014, USA\t4.0\t1\t30\tcupertino
        cup-portal-park\tPortal Park\t37.326005\t-122.020589\tpark,point_of_interest,establishment\t10225 N Portal Ave, Cupertino, CA 95014, USA\t4.5\t-1\t120\tcupertino
        cup-quinlan-community-center\tQuinlan Community Center\t37.324800\t-122.042700\tpoint_of_interest,establishment\t10185 N Stelling Rd, Cupertino, CA 95014, USA\t4.5\t-1\t60\tcupertino
        cup-safar-by-karimi\tSafar By Karimi\t37.322100\t-122.021700\trestaurant,food,point_of_interest,establishment\t19930 Stevens Creek Blvd, Cupertino, CA 95014, USA\t4.5\t2\t25\tcupertino
        cup-safeway\tSafeway\t37.336163\t-122.034706\tsupermarket,pharmacy,food,store,point_of_interest,establishment\t20620 Homestead Rd, Cupertino, CA 95014, USA\t4.1\t2\t80\tcupertino
        cup-shang-yu-lin\tShang Yu Lin\t37.336933\t-122.040307\tcafe,food,point_of_interest,establishment\t20956 Homestead Rd D, Cupertino, CA 95014, USA\t4.1\t1\t20\tcupertino
        cup-shuyi-tea\tShuyi Grass Jelly & Tea\t37.336252\t-122.015206\tcafe,food,point_of_interest,establishment\t10963 N Wolfe Rd, Cupertino, CA 95014, USA\t4.8\t1\t20\tcupertino
        cup-special-noodle-soup\tSpecial Noodle Soup\t37.318900\t-122.032800\trestaurant,food,point_of_interest,establishment\t10275 S De Anza Blvd, Cupertino, CA 95014, USA\t4.2\t1\t20\tcupertino
        cup-st-joseph-parish\tSt. Joseph of Cupertino Parish\t37.324561\t-122.031394\tchurch,place_of_worship,school,point_of_interest,establishment\t10110 N De Anza Blvd, Cupertino, CA 95014, USA\t4.3\t-1\t80\tcupertino
        cup-tea-era\tTea Era\t37.337186\t-122.040362\tcafe,food,point_of_interest,establishment\t20916 Homestead Rd, Cupertino, CA 95014, USA\t4.2\t1\t20\tcupertino
        cup-ten-ren-tea\tTen Ren Tea\t37.335669\t-122.014918\tcafe,food,store,point_of_interest,establishment\t10881 N Wolfe Rd, Cupertino, CA 95014, USA\t4.5\t1\t20\tcupertino
        cup-thai-square\tThai Square\t37.323600\t-122.046600\trestaurant,food,point_of_interest,establishment\t21267 Stevens Creek Blvd #311, Cupertino, CA 95014, USA\t4.2\t2\t25\tcupertino
        cup-duke-of-edinburgh\tThe Duke of Edinburgh\t37.334900\t-122.015500\tbar,restaurant,food,point_of_interest,establishment\t10801 N Wolfe Rd, Cupertino, CA 95014, USA\t4.3\t2\t30\tcupertino
        cup-ume-tea\tUMe | Tea & Snacks\t37.335804\t-122.015637\tcafe,food,point_of_interest,establishment\t10887 N Wolfe Rd, Cupertino, CA 95014, USA\t4.5\t1\t20\tcupertino
        cup-weis-fish\tWei's Fish\t37.315300\t-122.031800\trestaurant,food,point_of_interest,establishment\t10520 S De Anza Blvd, Cupertino, CA 95014, USA\t4.2\t2\t25\tcupertino
        cup-whole-foods\tWhole Foods Market\t37.323600\t-122.041400\tsupermarket,food,store,point_of_interest,establishment\t20955 Stevens Creek Blvd, Cupertino, CA 95014, USA\t4.3\t2\t80\tcupertino
        cup-yayoi\tYAYOI\t37.337150\t-122.036485\trestaurant,food,point_of_interest,establishment\t20682 Homestead Rd, Cupertino, CA 95014, USA\t4.3\t2\t25\tcupertino
        """
}

extension PlaceStore {
    /// The built-in dataset: real places in Pyrmont/Darling Harbour, downtown San Francisco and
    /// Cupertino (illustrative, not authoritative), read on first use.
    public static let builtin: PlaceStore = {
        var store = PlaceStore(source: "built-in")
        // Split on bytes, not Characters: the table is tab-separated ASCII structure around
        // UTF-8 text, and byte splitting is several times faster.
        for line in BuiltinPlaces.table.utf8.split(separator: 0x0A) {
            let c = line.split(separator: 0x09, omittingEmptySubsequences: false).map {
                String(decoding: $0, as: UTF8.self)
            }
            guard c.count == 10, let lat = Double(c[2]), let lng = Double(c[3]) else { continue }
            let record = PlaceRecord(
                id: c[0], name: c[1], latitude: lat, longitude: lng, types: c[4].split(separator: ",").map(String.init),
                // safe: parses text: nil when it is not a number
                address: c[5], rating: Double(c[6]), priceLevel: Int(c[7]) ?? -1, radius: Double(c[8]) ?? 30)
            var batch = MergeBatch(store: store)
            _ = store.put(record, area: store.internArea(c[9]), batch: &batch)
        }
        store.withGrid { $0.rebuild($1) }
        return store
    }()
}
