let tutorialTextES = #"""
    # The guided tutorial, in Spanish: what `tutorial` shows, step by step.
    # The format is described at the top of en.swift; only the text is translated here.

    language: es
    name: Español
    message.welcome: Un recorrido guiado por la app del instructivo en {total} pasos. Cada paso indica a qué parte del instructivo publicado pertenece, explica qué hace la app, muestra sus llamadas tal como las imprime 'trace' y te dice qué escribir; el recorrido avanza cuando la sesión muestra que el paso está completo. 'tutorial list' enumera los pasos y 'tutorial stop' termina el recorrido.
    message.step: Paso {n} de {total}: {title}
    message.optional: (opcional)
    message.part: En el instructivo: {part}
    message.code: Las llamadas, tal como las muestra 'trace':
    message.api: API:
    message.type: Escribe:
    message.done: ✓ paso {n} completado: {title}
    message.doneToo: ✓ paso {n} también completado: {title}
    message.already: Tu sesión ya muestra este paso como completado: 'tutorial next' continúa.
    message.hint: tutorial: {hint}
    message.hintNow: Paso {n}: {hint}
    message.replayed: El recorrido escribió por su cuenta, sin mostrarlos, los comandos de los pasos anteriores ({steps}): la sesión está donde comienza este paso.
    message.range: {first}–{last}
    message.forgotten: Se borró el progreso del instructivo: no hay ningún paso completado. 'tutorial' lo comienza en el paso 1.
    message.finished: Ese fue el último paso: terminaste el instructivo. 'tutorial list' muestra los pasos y 'tutorial restart' lo vuelve a recorrer.
    message.stopped: El instructivo se detuvo en el paso {n}. 'tutorial' lo retoma.
    message.notRunning: No hay ningún instructivo en curso: 'tutorial' inicia uno.
    message.first: Este es el primer paso.
    message.last: Este es el último paso.
    message.language: Idioma del instructivo: {title}. Disponibles: {list}.
    message.list: Pasos del instructivo ({done} de {total} completados; ✓ completado, → el actual):
    message.noStep: el instructivo tiene los pasos 1 a {total}; no existe el paso {n}
    message.noStepHelp: 'tutorial list' los enumera
    message.noLanguage: el instructivo no tiene texto en '{code}'
    message.languages: idiomas: {list}
    message.replayFailed: el recorrido no pudo llevar la sesión al paso {n}: falló '{command}' del paso {step}
    message.replayStuck: el recorrido no pudo llevar la sesión al paso {n}: el paso {step} no se cumple después de sus comandos

    == 1
    title: Inicia la app
    part: Solicita permiso para usar la ubicación
    say:
      La pantalla del mapa hace su trabajo en MapViewController.viewDidLoad(). Para verlo en acción,
      primero activa el rastreo con 'trace on', que imprime cada llamada que hace la app (→) y cada
      llamada que recibe (←), en el momento en que ocurre. Luego, inicia la app con 'launch'.

      viewDidLoad crea un CLLocationManager, establece desiredAccuracy en kCLLocationAccuracyBest y
      llama a requestWhenInUseAuthorization(). Como nadie respondió todavía (el estado es
      notDetermined), iOS muestra la alerta de permiso con el texto de
      NSLocationWhenInUseUsageDescription del archivo Info.plist.
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
    hint: el permiso ya tiene una respuesta, así que no aparece ninguna alerta: 'reset' (Erase All Content and Settings) y, luego, 'trace on' y 'launch'.
    when: app.running == true
    hint: la app se inició sin el rastreo: 'terminate' y, luego, 'trace on' y 'launch' otra vez.
    hint: escribe 'trace on' y, luego, 'launch' para iniciar la app.
    recap: viewDidLoad creó el administrador de ubicación y solicitó el permiso; iOS mostró la alerta.

    == 2
    title: Responde a la alerta
    part: Solicita permiso para usar la ubicación
    say:
      Core Location informa el estado a locationManager(_:didChangeAuthorization:): la app imprimió
      "Location status not determined." junto con su línea sobre la precisión.

      Presiona "Allow While Using App" con 'auth allow'. El estado pasa a ser authorizedWhenInUse,
      Core Location vuelve a llamar al delegado y este imprime "Location status is OK." en la
      consola. (La línea "Current Place error" que aparece después del inicio es el error común P4:
      el paso 13 vuelve sobre ella).
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
    hint: respondiste "Don't Allow": 'reset' borra la respuesta (Erase All Content and Settings); luego, 'launch' y 'auth allow'.
    when.happened: answer auth allow --approximate
    hint: desactivaste "Precise": 'reset' y, luego, 'launch' y 'auth allow' sin --approximate.
    when: auth.prompt == true
    hint: la alerta está en pantalla: respóndela con 'auth allow'.
    when: auth.status != "notDetermined"
    hint: el permiso se otorgó sin la alerta que debes responder (en Configuración o antes de empezar el recorrido): 'reset' y, luego, 'launch' y 'auth allow'.
    hint: escribe 'auth allow' para responder la alerta (sin --approximate: primero va la ubicación precisa); si ya no está, 'reset' y 'launch' la vuelven a mostrar.
    recap: "Allow While Using App" cambió el estado a authorizedWhenInUse, y el delegado recibió el aviso.

    == 3
    title: Configura el administrador de ubicación
    part: Configura el administrador de ubicación
    say:
      Todavía en viewDidLoad, la app establece distanceFilter en 50 (metros), llama a
      startUpdatingLocation() y se asigna a sí misma como delegado del administrador. A partir de
      ahí, Core Location entrega las actualizaciones de ubicación a
      locationManager(_:didUpdateLocations:); la app toma la última e imprime "Location: …", la
      descripción del CLLocation.

      Aún no llegó ninguna actualización de ubicación y el mapa sigue oculto: 'explain' te dice por
      qué. El dispositivo simulado todavía no tiene una posición (Features ▸ Location ▸ None), y
      Core Location lo informó un segundo después del permiso: didFailWithError con
      kCLErrorLocationUnknown, la línea "Error: … Code=0". El método didFailWithError de la app
      llama a stopUpdatingLocation(), de modo que las actualizaciones quedan desactivadas
      definitivamente (error común P5): una posición por sí sola ya no llega a la app. Ubica el
      dispositivo en el punto predeterminado del instructivo, en Pyrmont, Sídney, como lo haría el
      menú Features ▸ Location del simulador, con 'locate sydney', y vuelve a iniciar la app con
      'launch': el permiso se conserva, viewDidLoad inicia las actualizaciones de nuevo y la
      ubicación llega un segundo después.
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
    hint: la app no se está ejecutando: 'locate sydney' y, luego, 'launch' (el permiso se conserva).
    when: auth.status == "denied"
    hint: se denegó el acceso a la ubicación: 'auth allow' en Configuración y, luego, reinicia la app con 'terminate' y 'launch'. Una denegación detiene las actualizaciones hasta que la app se vuelve a iniciar.
    when: why.noFix == "P5"
    hint: la app detuvo sus actualizaciones después del error de ubicación (P5): 'locate sydney' si el dispositivo todavía no tiene posición y, luego, vuelve a iniciar la app con 'launch'.
    hint: escribe 'locate sydney' para darle una posición al dispositivo y, luego, 'launch' para reiniciar las actualizaciones.
    recap: Para recibir una ubicación, se necesitan una posición y actualizaciones activas; el método didFailWithError de la app las desactiva hasta el final de la ejecución.

    == 4
    title: Agrega el mapa
    part: Agrega un mapa
    say:
      viewDidLoad también creó el mapa: definió una GMSCameraPosition en el punto predeterminado
      (-33.869405, 151.199) con zoom 15 (10 si la ubicación es aproximada), llamó a
      GMSMapView.map(withFrame:camera:), activó el punto azul y el botón de Mi ubicación y, por
      último, estableció mapView.isHidden = true: el mapa queda oculto hasta la primera
      actualización de ubicación. Esa actualización lo mostró y estableció mapView.camera de
      inmediato. Las actualizaciones posteriores mueven la cámara con mapView.animate(to:).

      Solo llega otra actualización cuando el dispositivo se aleja de la ubicación anterior al menos
      la distancia del filtro, 50 m. Muévelo 30 m hacia el sur, 'locate -33.869675 151.199': no
      llega nada. Luego, 100 m, 'locate -33.870305 151.199': llega una actualización y la cámara la
      sigue. Después, dibuja el mapa tal como lo muestra el teléfono, 'map': los lugares cercanos,
      el punto azul donde estás y la escala.
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
    hint: la app detuvo sus actualizaciones después de un error de ubicación (P5): reiníciala con 'terminate' y, luego, 'launch'.
    when: stats.locationUpdates == 1
    hint: la primera actualización ya llegó, y no llegará otra hasta que el dispositivo se aleje más de 50 m de ella: 'locate -33.870305 151.199'.
    when: stats.locationUpdates >= 2
    hint: la cámara siguió la actualización: dibuja el mapa con 'map'.
    hint: aleja el dispositivo más de 50 m de su última ubicación: 'locate -33.870305 151.199'.
    recap: La primera actualización mostró el mapa y estableció su cámara; solo llegan nuevas actualizaciones más allá del filtro de 50 m, y la cámara las sigue.

    == 5
    title: Solicita los lugares probables
    part: Permite que el usuario elija el lugar actual
    say:
      Cada vez que llega una ubicación, la app termina llamando a listLikelyPlaces(). Este método
      vacía el array likelyPlaces de la app y llama a
      findPlaceLikelihoodsFromCurrentLocation(withPlaceFields: [.name, .coordinate]) de
      GMSPlacesClient. La devolución de llamada recibe valores de GMSPlaceLikelihood, del más
      probable al menos probable, y la app agrega el lugar de cada uno. viewDidLoad también envió
      una solicitud, y cada selección envía otra: cada llamada es una solicitud facturable de Find
      Current Place ('stats' las cuenta).

      El botón "Get Place" hace una transición a PlacesViewController, y prepare(for:sender:) le
      pasa el array. En Swift, los arrays son tipos de valor: el selector recibe una copia de la
      lista tal como está en ese momento. Presiona el botón: 'likely'.
    code: → listLikelyPlaces()
    code: → likelyPlaces.removeAll()
    code: → placesClient.findPlaceLikelihoodsFromCurrentLocation(withPlaceFields: [.name, .coordinate], callback:)
    code: ← findPlaceLikelihoodsFromCurrentLocation callback: [GMSPlaceLikelihood] × …
    code: → performSegue(withIdentifier: "segueToSelect", sender:)
    code: → prepare(for:sender:): placesViewController.likelyPlaces = likelyPlaces (…)
    api: GMSPlacesClient.findPlaceLikelihoodsFromCurrentLocation(withPlaceFields:callback:)
    api: GMSPlaceLikelihood
    type: likely
    done: app.screen == "picker"
    done: picker.rows.count > 0
    when: why.emptyList == "P5"
    hint: la lista está vacía y seguirá así: un error de ubicación detuvo las actualizaciones (P5), así que ninguna actualización envía una solicitud. Reinicia la app con 'terminate' y, luego, 'launch'.
    when: app.screen == "picker"
    hint: la tabla está vacía: el selector recibió una copia de la lista antes de que llegara la respuesta. 'back' y, luego, 'likely' otra vez.
    hint: escribe 'likely' para presionar "Get Place".
    recap: Con cada actualización de ubicación, la app le pide a Places los lugares probables; "Get Place" le pasa al selector una copia de la lista.

    == 6
    title: Deja que el usuario elija
    part: Permite que el usuario elija el lugar actual
    say:
      El selector muestra una fila por lugar, con place.name como texto de la celda, y cinco filas
      por pantalla. Al presionar una fila, se establece selectedPlace y se ejecuta la transición de
      desenrollado de vuelta al mapa. Antes de que se ejecute, el método prepare(for:sender:) del
      selector entrega la elección: establece selectedPlace en el controlador del mapa. Después, se
      llama a unwindToMain(segue:). ('back' sale sin elegir nada, y nada cambia).

      Elige el primer lugar, el más probable: 'select 1'.
    code: ← tableView(_:didSelectRowAt: [0, 0])
    code: → selectedPlace = likelyPlaces[0]
    code: → performSegue(withIdentifier: "unwindToMain", sender:)
    code: → prepare(for:sender:): mapViewController.selectedPlace = selectedPlace
    code: ← unwindToMain(segue:)
    api: tableView(_:didSelectRowAt:)
    api: MapViewController.unwindToMain(segue:)
    type: select 1
    done: app.screen == "map"
    done: markers.count == 1
    when: app.screen == "map"
    hint: el selector está cerrado: 'likely' lo abre y, luego, 'select 1'.
    hint: escribe 'select 1' para presionar la primera fila.
    recap: Al presionar la fila, se estableció selectedPlace, prepare(for:sender:) se lo pasó al controlador del mapa y la transición de desenrollado regresó.

    == 7
    title: Agrega el marcador
    part: Agrega un marcador al mapa
    say:
      unwindToMain(segue:) llama a mapView.clear(), que quita el marcador anterior; luego, crea
      GMSMarker(position: place.coordinate), establece su título en place.name y su fragmento
      (snippet) en place.formattedAddress, y lo agrega al mapa con marker.map = mapView. Después,
      vuelve a llamar a listLikelyPlaces(). La cámara no se desplaza hasta el marcador, y no se abre
      ninguna ventana de información por sí sola.

      Presiona el marcador para abrir su ventana de información: 'tap marker 1'. Observa lo que
      muestra. Luego, toma una captura de la pantalla del teléfono, 'snapshot marker.svg', y abre el
      archivo en un navegador.
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
    hint: la ventana de información está abierta: 'snapshot marker.svg' dibuja la pantalla.
    hint: escribe 'tap marker 1' para abrir la ventana de información del marcador ('markers' enumera los marcadores) y, luego, 'snapshot marker.svg'.
    recap: unwindToMain(segue:) limpió el mapa y colocó un marcador en el lugar elegido, con su nombre como título.

    == 8
    title: El fragmento que falta (P1)
    part: Permite que el usuario elija el lugar actual
    say:
      La ventana de información muestra el título, pero no la dirección: el fragmento es nil.
      Proviene de place.formattedAddress, y la app solo solicita [.name, .coordinate]; un campo de
      GMSPlace que no se solicitó es nil. Este es el error común P1, en el propio código del
      instructivo.

      La solución es solicitar el campo: en la app, withPlaceFields: [.name, .coordinate,
      .formattedAddress]; aquí, 'fields +formattedAddress'. Se sigue facturando como Basic Data. En
      Xcode, cambiar el código implica detener la app, compilarla y volver a ejecutarla; haz lo
      mismo aquí: 'terminate' y, luego, 'launch'. Las solicitudes de la nueva app piden la
      dirección, así que 'likely' y 'select 1' producen un marcador con fragmento.
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
    hint: los campos que indicaste reemplazaron toda la máscara de campos, y name no está en ella: las filas aparecen en blanco y el marcador no tiene título. Con '+' se agrega un campo: 'fields reset' y, luego, 'fields +formattedAddress'.
    when: fields !contains "coordinate"
    hint: los campos que indicaste reemplazaron toda la máscara de campos, y coordinate no está en ella: el marcador no queda en ningún lugar. Con '+' se agrega un campo: 'fields reset' y, luego, 'fields +formattedAddress'.
    when: fields contains "formattedAddress"
    hint: los campos son correctos, pero la app en ejecución se compiló antes del cambio, como en Xcode: 'terminate', 'launch' y, luego, 'likely' y 'select 1'.
    hint: escribe 'fields +formattedAddress' y, luego, vuelve a compilar y ejecutar como en Xcode: 'terminate', 'launch' y, después, 'likely' y 'select 1'.
    recap: Un campo de GMSPlace es nil si la solicitud no lo pidió: formattedAddress completa el fragmento.
    after: 'tap marker 1': ahora la ventana de información muestra la dirección debajo del nombre.

    == 9
    title: Permiso denegado
    part: Solicita permiso para usar la ubicación
    say:
      ¿Qué pasa si la persona presiona "Don't Allow"? Vuelve a empezar: 'reset' equivale a Erase All
      Content and Settings del simulador (cierra la app y borra la respuesta; el dispositivo
      conserva su posición). Luego, 'launch' y 'auth deny'.

      El estado pasa a ser denied. La app imprime "User denied access to location." y muestra el
      mapa, que se queda en el punto predeterminado de Sídney. Después, Core Location llama a
      locationManager(_:didFailWithError:) con el código 1 de kCLErrorDomain, y la app llama a
      stopUpdatingLocation(): aunque más tarde se permita el acceso en Configuración, no llega
      ninguna ubicación hasta el próximo inicio (P5). Todas las solicitudes de Places fallan con
      locationError (-11), así que "Get Place" muestra una tabla vacía: presiónalo, 'likely', y
      pregunta por qué, 'explain'.
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
    hint: la tabla del selector está vacía: 'likely' la abre y 'explain' te dice por qué.
    hint: escribe 'reset', 'launch' y, luego, 'auth deny' para responder la alerta con "Don't Allow".
    recap: Permiso denegado: el mapa muestra el punto predeterminado, las actualizaciones se detienen hasta el próximo inicio y todas las solicitudes de Places fallan.

    == 10
    title: Ubicación aproximada (P12)
    part: Agrega un mapa
    say:
      Desde iOS 14, la alerta tiene un interruptor "Precise". Si está desactivado, la app obtiene
      reducedAccuracy: ubicaciones imprecisas (aquí redondeadas a unos 2 km, como mucho una cada 15
      minutos). Con cada ubicación, la app de Swift lee accuracyAuthorization y aplica un zoom de
      10, que abarca toda una ciudad, en lugar de 15.

      Borra todo otra vez y permite el acceso con "Precise" desactivado: 'reset', 'launch', 'auth
      allow --approximate'. La app imprime "Location accuracy is not precise." y el zoom de la
      cámara es 10 ('camera').
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
    hint: escribe 'reset', 'launch' y, luego, 'auth allow --approximate' ("Allow While Using App" con "Precise" desactivado).
    recap: Sin "Precise", las ubicaciones son imprecisas y poco frecuentes, y la app de Swift aleja el zoom a 10.

    == 11
    title: Objective-C: el switch cae al siguiente caso (P7)
    part: Solicita permiso para usar la ubicación, en Objective-C
    say:
      El instructivo también incluye una versión en Objective-C del mismo código. Su devolución de
      llamada de autorización es un switch de C en el que solo el caso restricted termina con break:
      cada caso continúa con los que están debajo. (Además, esta versión aplica un zoom de 15
      incluso con la ubicación aproximada: es el error común P12).

      Inicia esta versión y deniega el permiso: 'reset', 'launch --flavor objc', 'auth deny'.
      Después de "User denied access to location." aparecen "Location status not determined." y
      "Location status is OK.": ambas incorrectas. Las líneas son de NSLog, precedidas por la fecha
      y el proceso.
    code: ← [mapViewController locationManager:manager didChangeAuthorizationStatus:…
    code: → [manager stopUpdatingLocation]
    api: locationManager:didChangeAuthorizationStatus:
    type: reset
    type: launch --flavor objc
    type: auth deny
    done: app.flavor == "objc"
    done: auth.status == "denied"
    done: log contains "User denied access to location."
    hint: escribe 'reset', 'launch --flavor objc' y, luego, 'auth deny'.
    recap: Un case de un switch de C sin break continúa con el siguiente: un estado, tres líneas.

    == 12
    title: Objective-C: filas en blanco, sin marcador (P8)
    part: Permite que el usuario elija el lugar actual, en Objective-C
    say:
      El PlacesViewController de Objective-C nunca establece el texto de la celda, así que todas las
      filas aparecen en blanco; además, su prepareForSegue:sender: está vacío, por lo que el lugar
      elegido nunca llega al mapa: la transición de desenrollado limpia el mapa y no agrega nada.

      La denegación detuvo las actualizaciones durante esta ejecución: permite la ubicación en
      Configuración y vuelve a iniciar la app, 'auth allow' y 'launch --flavor objc'. Luego,
      'likely' y 'select 1'.
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
    hint: escribe 'auth allow' y 'launch --flavor objc' y, luego, 'likely' y 'select 1'.
    recap: Sin texto en las celdas y con un prepareForSegue:sender: vacío, el selector de Objective-C muestra filas en blanco y no devuelve nada.

    == 13
    title: La primera solicitud se adelanta a la alerta (P4)
    part: Permite que el usuario elija el lugar actual
    optional: yes
    say:
      Volvamos a Swift. viewDidLoad llama a listLikelyPlaces() justo después de
      requestWhenInUseAuthorization(), antes de que alguien pueda responder la alerta. El cliente de
      Places todavía no puede usar la ubicación, y la solicitud falla con locationError (-11):
      "Current Place error: …".

      Obsérvalo evento por evento: 'set autorun off' retiene los eventos del bucle de ejecución (run
      loop) hasta que los entregues tú. 'reset', 'set autorun off', 'launch' y, luego, 'events': la
      devolución de llamada de Places ya está pendiente. 'step 2' entrega la devolución de llamada
      de autorización y la alerta; respóndela con 'auth allow' antes de que llegue la devolución de
      llamada y, luego, 'step 2': la solicitud falla de todos modos, porque Places la evaluó en el
      momento en que se envió.
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
    hint: autorun está activado, así que todos los eventos llegan a la vez: 'reset', 'set autorun off' y, luego, 'launch'.
    when: log contains "Current Place error"
    hint: la devolución de llamada llegó antes de que respondieras la alerta: 'reset' y, luego, 'launch' otra vez, y 'auth allow' en cuanto aparezca la alerta.
    when: auth.prompt == true
    hint: la alerta está en pantalla: respóndela con 'auth allow' antes de que llegue la devolución de llamada de Places y, luego, 'step 2'.
    when: auth.status == "authorizedWhenInUse"
    hint: usa 'step' hasta que llegue la devolución de llamada de Places: la solicitud falla de todos modos.
    hint: escribe 'reset', 'set autorun off', 'launch', 'step 2', 'auth allow' y, luego, 'step 2'.
    recap: La solicitud enviada antes de la respuesta falla: Places la evaluó en el momento en que se envió.

    == 14
    title: Una lista vacía en "Get Place" (P2)
    part: Permite que el usuario elija el lugar actual
    optional: yes
    say:
      El bucle de ejecución sigue esperándote: 'events' muestra qué tiene pendiente. Si hay una
      ubicación en espera, usa 'step' hasta que se entregue; si no hay ninguna (el bucle siguió
      avanzando en el paso 13), 'locate google-sydney' genera una. Cada ubicación provoca una
      llamada a listLikelyPlaces(), que vacía la lista de inmediato y envía una solicitud cuya
      respuesta llega 0.4 s después. Presiona "Get Place" en ese intervalo, 'likely': el selector
      recibe una copia del array vacío. Luego, entrega la respuesta con 'step' y observa: la lista
      de la app está llena ('show likely.count'), pero la copia del selector sigue vacía, porque
      nunca se vuelve a cargar.
    code: ← locationManager(_:didUpdateLocations: […])
    code: → likelyPlaces.removeAll()
    code: → performSegue(withIdentifier: "segueToSelect", sender:)
    code: → prepare(for:sender:): placesViewController.likelyPlaces = likelyPlaces (0, a copy)
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
    hint: autorun está activado, así que la respuesta llegó antes de que pudieras presionar: 'set autorun off' y, luego, vuelve a hacer el paso 13 ('tutorial goto 13').
    when: picker.rows.count > 0
    hint: el selector se abrió después de que llegó la respuesta, con la lista completa: 'back' y, luego, 'tutorial goto 13' para volver a intentarlo.
    when: likely.count > 0
    hint: la respuesta ya llegó: mira la lista de la app con 'show likely.count', y la del selector.
    hint: con autorun desactivado: 'step' hasta que se entregue una ubicación ('locate google-sydney' si no hay ninguna en espera), 'likely' de inmediato y, luego, 'step' para entregar la respuesta de Places y 'show likely.count'.
    recap: El selector conserva la copia que recibió, aunque la lista de la app se llene después.
    after: 'back' y 'likely' otra vez: ahora sí aparecen las filas.

    == 15
    title: Filas duplicadas (P3)
    part: Permite que el usuario elija el lugar actual
    optional: yes
    say:
      listLikelyPlaces() vacía la lista cuando se llama y agrega cada respuesta cuando llega. Si se
      produce una segunda llamada antes de la primera respuesta, ambas respuestas terminan en la
      misma lista y cada lugar aparece dos veces.

      Haz que dos llamadas se superpongan: 'back' (si el selector está abierto), 'locate
      google-sydney' (una ubicación que llegará en 1 s), 'likely', 'wait 0.7s' y, luego, 'select 1':
      la selección envía una solicitud que se responde en 0.4 s, y la ubicación llega 0.3 s después
      con otra. Entrega la ubicación con 'step': hay dos solicitudes en curso. Dos 'step' más
      entregan ambas respuestas, y 'likely' abre el selector con la lista duplicada: cada nombre dos
      veces, numerado.

      El selector muestra cinco filas, cada una con un quinto de la altura de la tabla, y no se
      desplaza: solo se pueden presionar las filas 1 a 5. Las filas de la segunda respuesta van
      después de todas las de la primera, así que, si las dos respuestas hubieran correspondido a
      posiciones distintas, los lugares de la más reciente quedarían fuera de alcance.
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
    hint: autorun está activado, así que las llamadas no se superponen: primero, 'set autorun off'.
    when: stats.inFlight >= 2
    hint: hay dos solicitudes en curso: 'step' dos veces para entregar ambas respuestas y, luego, 'likely'.
    when: likely.count == 22
    hint: las respuestas ya llegaron: 'likely' muestra cada nombre dos veces.
    hint: con autorun desactivado: 'locate google-sydney', 'likely', 'wait 0.7s', 'select 1' y, luego, 'step' tres veces y 'likely'.
    recap: Dos solicitudes en curso agregan sus resultados a la misma lista: cada lugar aparece dos veces.
    after: Cada nombre aparece dos veces, y con el dedo solo se alcanzan los primeros cinco. 'back' y, luego, 'set autorun on' hace que el bucle de ejecución vuelva a avanzar solo.

    == 16
    title: Un proyecto nuevo no tiene Current Place
    part: ninguna (la app migrada a Nearby Search (New))
    say:
      findPlaceLikelihoodsFromCurrentLocation pertenece a Current Place, que forma parte de Places
      API (Legacy). Desde marzo de 2025, un proyecto nuevo de Google Cloud ya no puede habilitar esa
      API; los proyectos que ya la tenían la conservan. El código de la app no cambia: lo que decide
      es el proyecto al que pertenece su clave. Sin esa API, todas las solicitudes fallan con
      accessNotConfigured (-9).

      Haz que el bucle de ejecución vuelva a avanzar solo, 'set autorun on', y convierte la sesión
      en un proyecto nuevo, 'project legacy off' (Places API (New) sigue habilitada). Luego, detén
      la app y vuelve a iniciarla tal como está: 'terminate' y 'launch'. Cada solicitud que envía
      falla: "Current Place error: … not enabled …", y una nota indica cómo salir de ahí.
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
    hint: autorun está desactivado, así que los eventos del inicio esperan: 'set autorun on' y, luego, 'terminate' y 'launch'.
    when: project.legacy == true
    hint: el proyecto todavía tiene Places API (Legacy): 'project legacy off' y, luego, 'terminate' y 'launch'.
    when: app.flavor == "nearby"
    hint: esa ya es la app migrada; en este paso se ejecuta la app del instructivo tal como está: 'terminate' y, luego, 'launch'.
    when: auth.prompt == true
    hint: la alerta está en pantalla: 'auth allow'. La solicitud de la ubicación que llega después falla con accessNotConfigured (-9).
    hint: escribe 'set autorun on' y 'project legacy off' y, luego, 'terminate' y 'launch'.
    recap: Sin Places API (Legacy) en el proyecto de la clave, cada solicitud de Current Place falla con accessNotConfigured (-9).

    == 17
    title: Nearby Search (New) espera una ubicación
    part: ninguna (la app migrada a Nearby Search (New))
    say:
      La app migrada es la versión 'nearby': las mismas pantallas y el mismo código de ubicación,
      pero con listLikelyPlaces() reescrita para Nearby Search (New), disponible desde la versión 9
      del SDK de GooglePlaces ('help flavor nearby' muestra el código). La llamada anterior ubicaba
      el dispositivo por su cuenta; la nueva solicitud busca dentro de un círculo,
      GMSPlaceCircularLocationOption(center, radius), y es la app la que debe darle el centro.
      Ahora, con cada ubicación que recibe, la app la guarda en currentLocation antes de llamar a
      listLikelyPlaces(), que crea una GMSPlaceSearchNearbyRequest y llama a
      searchNearby(with:completion:).

      Sin ubicación no se envía nada, así que desaparece la solicitud que en el paso 13 se
      adelantaba a la alerta (P4). Empieza de cero y observa: 'reset', 'launch --flavor nearby',
      'auth allow'. viewDidLoad imprime "Nearby search skipped: no location yet."; después de la
      respuesta, la primera ubicación envía la primera búsqueda.
    code: ← guard let location = currentLocation else { … return }
    code: → currentLocation = locations.last
    code: → request = GMSPlaceSearchNearbyRequest(locationRestriction: …
    code: → placesClient.searchNearby(with: request, completion:)
    code: ← searchNearby completion: GMSPlaceSearchNearbyResponse(places: [GMSPlace] × …
    api: GMSPlaceSearchNearbyRequest(locationRestriction:placeProperties:)
    api: GMSPlaceCircularLocationOption(_:_:)
    api: GMSPlacesClient.searchNearby(with:completion:)
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
    hint: autorun está desactivado, así que los eventos esperan: 'set autorun on' y, luego, 'reset', 'launch --flavor nearby' y 'auth allow'.
    when: project.newAPI == false
    hint: el proyecto tampoco tiene Places API (New): 'project new-api on' y, luego, 'reset', 'launch --flavor nearby' y 'auth allow'.
    when: auth.prompt == true
    hint: la alerta está en pantalla: 'auth allow'. Después, la primera ubicación envía la primera búsqueda.
    when: app.flavor == "nearby"
    hint: en este paso tienes que responder la alerta en la app migrada: 'reset' y, luego, 'launch --flavor nearby' y 'auth allow'.
    hint: escribe 'reset', 'launch --flavor nearby' y, luego, 'auth allow'.
    recap: La app migrada no envía nada hasta que una ubicación le da un centro; desde ese momento, cada ubicación busca en el círculo que la rodea.

    == 18
    title: placeProperties, la nueva máscara de campos (P1)
    part: ninguna (la app migrada a Nearby Search (New))
    say:
      La nueva solicitud ya no tiene withPlaceFields:. Ese papel lo cumplen sus placeProperties, y
      la app solo pide [GMSPlaceProperty.name, .coordinate]: el marcador volvería a quedarse sin
      fragmento, como en el paso 8. ('fields' definía la máscara de la llamada anterior; la nueva
      solicitud no la lee).

      Agrega la dirección, 'nearby fields +formattedAddress', y vuelve a compilar y ejecutar como en
      Xcode: 'terminate', 'launch --flavor nearby'. Con 'likely' y 'select 1' obtienes un marcador
      con fragmento. Cada solicitud se factura según el SKU de su propiedad más cara; name,
      coordinate y formattedAddress pertenecen a Nearby Search Pro, y 'nearby' muestra cómo se
      factura la solicitud.
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
    hint: las propiedades que indicaste reemplazaron toda la lista, y name no está en ella: 'nearby fields reset' y, luego, 'nearby fields +formattedAddress'.
    when: nearby.fields !contains "coordinate"
    hint: las propiedades que indicaste reemplazaron toda la lista, y coordinate no está en ella: 'nearby fields reset' y, luego, 'nearby fields +formattedAddress'.
    when: app.flavor != "nearby"
    hint: este paso trata de la app migrada: 'terminate', 'launch --flavor nearby' y, luego, 'likely' y 'select 1'.
    when: nearby.fields contains "formattedAddress"
    hint: las propiedades son correctas, pero la lista viene de una solicitud enviada antes del cambio: 'terminate', 'launch --flavor nearby' y, luego, 'likely' y 'select 1'.
    hint: escribe 'nearby fields +formattedAddress' y, luego, vuelve a compilar y ejecutar: 'terminate', 'launch --flavor nearby' y, después, 'likely' y 'select 1'.
    recap: Una propiedad que la solicitud no pidió es nil, igual que antes un campo: formattedAddress vuelve a completar el fragmento.

    == 19
    title: Popularidad o distancia: el orden es la respuesta
    part: ninguna (la app migrada a Nearby Search (New))
    say:
      Current Place asignaba a cada lugar una probabilidad. Nearby Search (New) no da ninguna
      (likely[1].likelihood es nil): el orden es todo lo que dice. De forma predeterminada, con
      rankPreference .popularity, los lugares más populares del círculo van primero ('help
      popularity' muestra cómo los puntúa placeshell), y el más cercano puede quedar muy abajo en la
      lista.

      Para responder "¿dónde estoy?", el lugar más cercano es la mejor apuesta. Ordena por
      distancia, 'nearby rank distance', y reduce el círculo de 500 m a 250 m, 'nearby radius 250m'
      (el SDK acepta de 0 a 50,000 m). Vuelve a compilar y ejecutar, 'terminate' y 'launch --flavor
      nearby', y presiona "Get Place", 'likely': el lugar más cercano aparece primero, y todos están
      a 250 m o menos.
    code: → request.rankPreference = .distance
    code: ← searchNearby completion: GMSPlaceSearchNearbyResponse(places: [GMSPlace] × …
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
    hint: los lugares siguen ordenados por popularidad: 'nearby rank distance'.
    when: nearby.radius > 250
    hint: el círculo sigue midiendo más de 250 m: 'nearby radius 250m'.
    when: app.screen == "picker"
    hint: la lista en pantalla viene de una solicitud enviada antes del cambio: 'back', 'terminate', 'launch --flavor nearby' y, luego, 'likely'.
    hint: escribe 'nearby rank distance' y 'nearby radius 250m' y, luego, 'terminate', 'launch --flavor nearby' y 'likely'.
    recap: Sin probabilidades, el orden es la respuesta: .distance pone primero el lugar más cercano dentro del radio del círculo.

    == 20
    title: No más lugares de los que muestra el selector
    part: ninguna (la app migrada a Nearby Search (New))
    say:
      El selector muestra cinco filas y no se desplaza (paso 15): todo lugar después del quinto
      queda fuera de alcance, y aun así la solicitud pide hasta 20, el valor predeterminado de
      maxResultCount. Pide solo lo que cabe en la pantalla: 'nearby max 5' (el SDK acepta de 1 a
      20).

      Vuelve a compilar y ejecutar, 'terminate' y 'launch --flavor nearby' y, luego, 'likely' y
      'select 1': cinco filas como máximo y un marcador con su dirección en el primer lugar. Esa es
      toda la migración: las mismas pantallas, una solicitud construida alrededor de la última
      ubicación y una lista ordenada, sin probabilidades.
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
    hint: maxResultCount no es 5: 'nearby max 5'.
    when: likely.count > 5
    hint: la lista viene de una solicitud enviada antes del cambio: 'terminate', 'launch --flavor nearby' y, luego, 'likely' y 'select 1'.
    when: app.screen == "picker"
    hint: ahora hay cinco filas como máximo: 'select 1' pone el primer lugar en el mapa.
    hint: escribe 'nearby max 5' y, luego, 'terminate', 'launch --flavor nearby', 'likely' y 'select 1'.
    recap: Con maxResultCount 5, la app no pide más lugares de los que el selector puede mostrar.
    after: 'tap marker 1' muestra el nombre y la dirección. 'project legacy on' vuelve a convertir el proyecto en uno anterior.
    """#
