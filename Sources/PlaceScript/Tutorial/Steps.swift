/// The guided tutorial's steps, without their words (the format is described at the top of the
/// text); `parsedTutorials` puts each language's words to them.
let tutorialSteps = #"""
    # The guided tutorial's steps: what each asks the student to type, what it checks and the
    # calls it shows; everything but the words. The words (each step's title, part, say, hints,
    # recap and after, and the walk's messages) are in the language files, keyed by step:
    # tutorial.pot holds the English, XX.po each translation (gettext's format, which PO
    # editors read; Tutorial/Languages.swift lists them). TutorialCommands.swift reads both and
    # refuses a language file that lacks an entry these steps need or has one they do not.
    #
    # - Lines starting with '#' are comments. Empty lines separate things and are otherwise ignored.
    # - Each step starts with a heading line '== N' (N counts from 1), then its fields:
    #     optional:  yes, for a step the walk may skip (it says so)
    #     code:      one call per line, as 'trace' prints it ('→ ' a call the app makes, '← ' a
    #                call it gets; Objective-C as the Objective-C flavour's trace prints it); shown
    #                as a small block, never wrapped. Text after a '…' stands for what varies:
    #                TutorialTests checks that the text before it is a line the trace prints when
    #                the walk's commands are typed
    #                {searchNearbyCall}, {searchNearbyAnswer} and {searchNearby} stand for the
    #                Nearby Search call as the session's SDK spells it ('sdk', 'nearby call'):
    #                the trace's call line, the start of its answer's line up to the count, and
    #                the method's Swift name (also in api:)
    #     api:       one real API per line
    #     type:      one command to type per line, in order (each must be a valid command);
    #                'tutorial goto' types them, silently, to bring the session to a later step
    #     done:      one expectation per line, as 'expect' takes it, on the state now
    #     happened:  one pattern per line, on what happened (see below), matched in order
    #     from:      where 'happened:' starts reading: step (the default: since the step was
    #                shown) or launch (since the app's last launch, even before the step)
    #     when:      a condition for the 'hint:' after it, as 'expect' takes it; why.noFix,
    #                why.emptyList, why.hiddenMap and why.blankRows name the pitfall 'explain'
    #                gives as the cause, so a hint and 'explain' cannot disagree
    #     when.happened: a pattern for the 'hint:' after it, read like 'happened:'
    #     hint:      the key of a hint's words (step.N.hint.KEY in the language files): after
    #                'when:'/'when.happened:' lines a number (1, 2, …), given only when they all
    #                hold (the first that holds wins); exactly one 'hint: default' has no 'when:'
    #                and is given otherwise. 'tutorial hint' shows it; the walk shows it by itself
    #                after two commands that lead elsewhere.
    #   Every step has type: and hint: default, and done: or happened: (or both). A step is done
    #   when all its 'done:' lines hold and its 'happened:' lines match. A command the step asks
    #   for only to look ('map', 'explain', 'snapshot') needs a 'happened: typed …' line, or the
    #   step is done before it is typed. 'tutorial goto' does not type 'snapshot' (it would write
    #   a file): its 'typed' entry is kept as if it had been. Every sentence a step says about
    #   what happened must be true on every path that passes its checks: check what the sentence
    #   claims.
    # - What happened: while a walk exists, it keeps a journal of entries, each a KIND and a text:
    #     typed    a command the student ran, as typed ('auth allow --approximate'; the walk's own
    #              commands are not kept)
    #     launch   the app started (text: swift or objc); it comes before the launch's events
    #     answer   the permission alert that was on screen went away; text: the command that did
    #              it ('auth allow', 'auth deny', 'terminate', …)
    #     alert, console, note, crash, step, trace
    #              an event the shell printed: the alert (text: its title), a console line of
    #              the app, a note, a crash, the event 'step' delivered ('locationManager(_:did
    #              UpdateLocations:)'), a traced call (only with 'trace on')
    #   A pattern is '[not] KIND [TEXT]'. For typed and answer the text is the whole command, or
    #   its start when the pattern ends with ' …'; for the others the entry's text contains it; no
    #   text matches any entry of the kind. 'happened:' lines match entries in their order, each
    #   after the one before; a 'not' line forbids its entry between the lines around it (last:
    #   after the line before it).

    == 1
    code: ← MapViewController.viewDidLoad()
    code: → locationManager = CLLocationManager()
    code: → locationManager.desiredAccuracy = kCLLocationAccuracyBest
    code: → locationManager.requestWhenInUseAuthorization()
    api: CLLocationManager.requestWhenInUseAuthorization()
    type: trace on
    type: launch
    done: app.running == true
    happened: launch
    happened: trace MapViewController.viewDidLoad()
    happened: alert
    when: auth.status != "notDetermined"
    hint: 1
    when: app.running == true
    hint: 2
    hint: default

    == 2
    code: ← locationManager(_:didChangeAuthorization: .notDetermined)
    code: ← locationManager(_:didChangeAuthorization: .authorizedWhenInUse)
    api: locationManager(_:didChangeAuthorization:)
    type: auth allow
    done: app.running == true
    done: auth.status == "authorizedWhenInUse"
    done: auth.accuracy == "full"
    from: launch
    happened: launch
    happened: alert
    happened: answer auth allow
    happened: console Location status is OK.
    when.happened: answer auth deny
    hint: 1
    when.happened: answer auth allow --approximate
    hint: 2
    when: auth.prompt == true
    hint: 3
    when.happened: answer auth allow once
    hint: 4
    when: auth.status != "notDetermined"
    hint: 5
    hint: default

    == 3
    code: → locationManager.distanceFilter = 50
    code: → locationManager.startUpdatingLocation()
    code: → locationManager.delegate = self
    code: ← locationManager(_:didFailWithError: Error Domain=kCLErrorDomain Code=0 "(null)")
    code: → locationManager.stopUpdatingLocation()
    code: ← locationManager(_:didUpdateLocations: […])
    api: CLLocationManager.startUpdatingLocation()
    api: locationManager(_:didUpdateLocations:)
    api: locationManager(_:didFailWithError:)
    type: explain
    type: locate sydney
    type: launch
    done: location != nil
    from: launch
    happened: console Location status is OK.
    happened: console Location:
    when: app.running == false
    hint: 1
    when: auth.status == "denied"
    hint: 2
    when: why.noFix == "P5"
    hint: 3
    hint: default

    == 4
    code: → GMSCameraPosition.camera(withLatitude: -33.869405, longitude: 151.199, zoom: 15)
    code: → mapView = GMSMapView.map(withFrame: view.bounds, camera: camera)
    code: → mapView.isHidden = true
    code: → mapView.isHidden = false
    code: → mapView.camera = GMSCameraPosition(…)
    code: → mapView.animate(to: …)
    api: GMSMapView.map(withFrame:camera:)
    api: GMSMapView.animate(to:)
    type: locate -33.869675 151.199
    type: locate -33.870305 151.199
    type: map
    done: map.hidden == false
    done: stats.locationUpdates >= 2
    happened: typed map …
    when: why.noFix == "P5"
    hint: 1
    when: stats.locationUpdates == 1
    hint: 2
    when: stats.locationUpdates >= 2
    hint: 3
    hint: default

    == 5
    code: → listLikelyPlaces()
    code: → likelyPlaces.removeAll()
    code: → placesClient.findPlaceLikelihoodsFromCurrentLocation(withPlaceFields: [.name, .coordinate], callback:)
    code: ← findPlaceLikelihoodsFromCurrentLocation callback: [GMSPlaceLikelihood] × …
    code: ← storyboard: the "Get Place" button performs segue "segueToSelect"
    code: ← prepare(for:sender:): placesViewController.likelyPlaces = likelyPlaces (…)
    api: GMSPlacesClient.findPlaceLikelihoodsFromCurrentLocation(withPlaceFields:callback:)
    api: GMSPlaceLikelihood
    type: likely
    done: app.screen == "picker"
    done: picker.rows.count > 0
    when: why.emptyList == "P5"
    hint: 1
    when: app.screen == "picker"
    when: why.emptyList == "P2"
    hint: 2
    hint: default

    == 6
    code: ← tableView(_:didSelectRowAt: [0, 0])
    code: → selectedPlace = likelyPlaces[0]
    code: → performSegue(withIdentifier: "unwindToMain", sender:)
    code: ← prepare(for:sender:): mapViewController.selectedPlace = selectedPlace
    code: ← unwindToMain(segue:)
    api: tableView(_:didSelectRowAt:)
    api: MapViewController.unwindToMain(segue:)
    type: select 1
    done: app.screen == "map"
    done: markers.count == 1
    when: app.screen == "map"
    hint: 1
    hint: default

    == 7
    code: → mapView.clear()
    code: → marker = GMSMarker(position: …)
    code: → marker.title = "…"
    code: → marker.snippet = nil
    code: → marker.map = mapView
    api: GMSMarker(position:)
    api: GMSMapView.clear()
    api: GMSMapView.selectedMarker
    type: tap marker 1
    type: snapshot marker.svg
    done: markers[1].infoWindow == true
    happened: typed tap marker 1
    happened: typed snapshot …
    when: markers[1].infoWindow == true
    hint: 1
    hint: default

    == 8
    code: → placesClient.findPlaceLikelihoodsFromCurrentLocation(withPlaceFields: [.name, .coordinate, .formattedAddress], callback:)
    code: → marker.snippet = "…"
    api: GMSPlaceField.formattedAddress
    api: GMSMarker.snippet
    type: fields +formattedAddress
    type: terminate
    type: launch
    type: likely
    type: select 1
    done: fields contains "formattedAddress"
    done: fields contains "name"
    done: fields contains "coordinate"
    done: markers[1].title != nil
    done: markers[1].snippet != nil
    when: fields !contains "name"
    hint: 1
    when: fields !contains "coordinate"
    hint: 2
    when: fields contains "formattedAddress"
    hint: 3
    hint: default

    == 9
    code: ← locationManager(_:didChangeAuthorization: .denied)
    code: ← locationManager(_:didFailWithError: Error Domain=kCLErrorDomain Code=1 "(null)")
    code: → locationManager.stopUpdatingLocation()
    api: locationManager(_:didFailWithError:)
    api: CLLocationManager.stopUpdatingLocation()
    type: reset
    type: launch
    type: auth deny
    type: likely
    type: explain
    done: app.running == true
    done: auth.status == "denied"
    done: map.hidden == false
    done: location == nil
    done: app.screen == "picker"
    happened: typed explain
    when: auth.status == "denied"
    hint: 1
    hint: default

    == 10
    code: ← locationManager(_:didUpdateLocations: […])
    code: → mapView.camera = GMSCameraPosition(latitude: …, longitude: …, zoom: 10)
    api: CLLocationManager.accuracyAuthorization
    api: GMSCameraPosition.camera(withLatitude:longitude:zoom:)
    type: reset
    type: launch
    type: auth allow --approximate
    done: app.flavor == "swift"
    done: auth.accuracy == "reduced"
    done: camera.zoom == 10
    hint: default

    == 11
    code: ← [mapViewController locationManager:manager didChangeAuthorizationStatus:…
    code: → [manager stopUpdatingLocation]
    api: locationManager:didChangeAuthorizationStatus:
    type: reset
    type: launch --flavor objc
    type: auth deny
    done: app.flavor == "objc"
    done: auth.status == "denied"
    done: log contains "User denied access to location."
    hint: default

    == 12
    code: ← [placesViewController tableView:tableView didSelectRowAtIndexPath:…
    code: → [self performSegueWithIdentifier:@"unwindToMain" sender:self]
    code: ← [placesViewController prepareForSegue:segue sender:self] (empty: the map's selectedPlace stays nil, P8)
    code: → [mapView clear]
    api: tableView:cellForRowAtIndexPath:
    api: prepareForSegue:sender:
    type: auth allow
    type: launch --flavor objc
    type: likely
    type: select 1
    done: app.flavor == "objc"
    done: auth.status == "authorizedWhenInUse"
    done: stats.placesRequests >= 3
    done: app.screen == "map"
    done: markers.count == 0
    hint: default

    == 13
    optional: yes
    code: → placesClient.findPlaceLikelihoodsFromCurrentLocation(withPlaceFields: [.name, .coordinate], callback:)
    code: ← locationManager(_:didChangeAuthorization: .notDetermined)
    code: ← findPlaceLikelihoodsFromCurrentLocation callback: nil, locationError (-11)
    api: GMSPlacesClient.findPlaceLikelihoodsFromCurrentLocation(withPlaceFields:callback:)
    api: GMSPlacesErrorCode.locationError
    type: reset
    type: set autorun off
    type: launch
    type: events
    type: step 2
    type: auth allow
    type: step 2
    done: shell.autorun == false
    done: app.flavor == "swift"
    done: auth.status == "authorizedWhenInUse"
    done: log contains "Current Place error"
    happened: typed set autorun off
    happened: not typed set autorun on
    happened: launch swift
    happened: alert
    happened: answer auth allow
    happened: console Current Place error
    when: shell.autorun == true
    hint: 1
    when: log contains "Current Place error"
    hint: 2
    when: auth.prompt == true
    hint: 3
    when: auth.status == "authorizedWhenInUse"
    hint: 4
    hint: default

    == 14
    optional: yes
    code: ← locationManager(_:didUpdateLocations: […])
    code: → likelyPlaces.removeAll()
    code: ← storyboard: the "Get Place" button performs segue "segueToSelect"
    code: ← prepare(for:sender:): placesViewController.likelyPlaces = likelyPlaces (0, a copy)
    code: ← findPlaceLikelihoodsFromCurrentLocation callback: [GMSPlaceLikelihood] × …
    api: prepare(for:sender:)
    type: step
    type: likely
    type: step
    type: show likely.count
    done: picker.open == true
    done: picker.rows.count == 0
    done: likely.count > 0
    happened: step locationManager(_:didUpdateLocations:)
    happened: typed likely
    happened: step findPlaceLikelihoodsFromCurrentLocation callback
    happened: typed show likely …
    when: shell.autorun == true
    hint: 1
    when: picker.rows.count > 0
    hint: 2
    when: likely.count > 0
    hint: 3
    hint: default

    == 15
    optional: yes
    code: → likelyPlaces.removeAll()
    code: → placesClient.findPlaceLikelihoodsFromCurrentLocation(withPlaceFields: [.name, .coordinate], callback:)
    code: → likelyPlaces.removeAll()
    code: → placesClient.findPlaceLikelihoodsFromCurrentLocation(withPlaceFields: [.name, .coordinate], callback:)
    code: ← findPlaceLikelihoodsFromCurrentLocation callback: [GMSPlaceLikelihood] × …
    code: ← findPlaceLikelihoodsFromCurrentLocation callback: [GMSPlaceLikelihood] × …
    api: GMSPlacesClient.findPlaceLikelihoodsFromCurrentLocation(withPlaceFields:callback:)
    type: back
    type: locate google-sydney
    type: likely
    type: wait 0.7s
    type: select 1
    type: step
    type: step
    type: step
    type: likely
    done: likely.count == 22
    done: likely[1].name == likely[12].name
    happened: typed select 1
    happened: step locationManager(_:didUpdateLocations:)
    happened: step findPlaceLikelihoodsFromCurrentLocation callback
    happened: step findPlaceLikelihoodsFromCurrentLocation callback
    happened: typed likely
    when: shell.autorun == true
    hint: 1
    when: stats.inFlight >= 2
    hint: 2
    when: likely.count == 22
    hint: 3
    hint: default

    == 16
    code: → placesClient.findPlaceLikelihoodsFromCurrentLocation(withPlaceFields: …
    code: ← findPlaceLikelihoodsFromCurrentLocation callback: nil, accessNotConfigured (-9)
    api: GMSPlacesClient.findPlaceLikelihoodsFromCurrentLocation(withPlaceFields:callback:)
    api: GMSPlacesErrorCode.accessNotConfigured
    type: set autorun on
    type: project legacy off
    type: terminate
    type: launch
    done: shell.autorun == true
    done: project.legacy == false
    done: app.flavor == "swift"
    happened: launch swift
    happened: console The Places API for iOS is not enabled
    when: shell.autorun == false
    hint: 1
    when: project.legacy == true
    hint: 2
    when: app.flavor == "nearby"
    hint: 3
    when: auth.prompt == true
    hint: 4
    hint: default

    == 17
    code: ← guard let location = currentLocation else { … return }
    code: → currentLocation = locations.last
    code: → request = GMSPlaceSearchNearbyRequest(locationRestriction: …
    code: → {searchNearbyCall}
    code: ← {searchNearbyAnswer} …
    api: GMSPlaceSearchNearbyRequest(locationRestriction:placeProperties:)
    api: GMSPlaceCircularLocationOption(_:_:)
    api: GMSPlacesClient.{searchNearby}
    type: reset
    type: launch --flavor nearby
    type: auth allow
    done: app.flavor == "nearby"
    done: likely.count > 0
    done: likely[1].likelihood == nil
    happened: launch nearby
    happened: console Nearby search skipped: no location yet.
    happened: answer auth allow
    happened: console Location:
    when: shell.autorun == false
    hint: 1
    when: project.newAPI == false
    hint: 2
    when: auth.prompt == true
    hint: 3
    when: app.flavor == "nearby"
    hint: 4
    hint: default

    == 18
    code: → request = GMSPlaceSearchNearbyRequest(locationRestriction: …
    code: → marker.snippet = "…"
    api: GMSPlaceProperty.formattedAddress
    api: GMSPlaceSearchNearbyRequest.placeProperties
    type: nearby fields +formattedAddress
    type: terminate
    type: launch --flavor nearby
    type: likely
    type: select 1
    done: nearby.fields contains "formattedAddress"
    done: nearby.fields contains "name"
    done: nearby.fields contains "coordinate"
    done: app.flavor == "nearby"
    done: markers[1].snippet != nil
    when: nearby.fields !contains "name"
    hint: 1
    when: nearby.fields !contains "coordinate"
    hint: 2
    when: app.flavor != "nearby"
    hint: 3
    when: nearby.fields contains "formattedAddress"
    hint: 4
    hint: default

    == 19
    code: → request.rankPreference = .distance
    code: ← {searchNearbyAnswer} …
    api: GMSPlaceSearchNearbyRankPreference.distance
    api: GMSPlaceCircularLocationOption(_:_:)
    type: nearby rank distance
    type: nearby radius 250m
    type: terminate
    type: launch --flavor nearby
    type: likely
    done: nearby.rank == "distance"
    done: nearby.radius <= 250
    done: app.flavor == "nearby"
    done: app.screen == "picker"
    done: likely.count >= 2
    done: likely[1].distance <= likely[2].distance
    done: likely[1].likelihood == nil
    happened: launch nearby
    happened: typed likely
    when: nearby.rank != "distance"
    hint: 1
    when: nearby.radius > 250
    hint: 2
    when: app.screen == "picker"
    hint: 3
    hint: default

    == 20
    code: → request.maxResultCount = 5
    code: → marker.snippet = "…"
    api: GMSPlaceSearchNearbyRequest.maxResultCount
    type: nearby max 5
    type: terminate
    type: launch --flavor nearby
    type: likely
    type: select 1
    done: nearby.max == 5
    done: app.flavor == "nearby"
    done: likely.count > 0
    done: likely.count <= 5
    done: app.screen == "map"
    done: markers[1].snippet != nil
    happened: launch nearby
    happened: typed likely
    happened: typed select …
    when: nearby.max != 5
    hint: 1
    when: likely.count > 5
    hint: 2
    when: app.screen == "picker"
    hint: 3
    hint: default
    """#
